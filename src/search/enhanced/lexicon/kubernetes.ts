/** Kubernetes and Helm: resource kinds, node maintenance and cluster plumbing. */
import type {LexiconDomain} from './domain.js'

export const KUBERNETES: LexiconDomain = {
  synonyms: [
    'kubernetes k8s kube',
    'pod pods container containers',
    'node nodes machine machines server',
    'helm chart charts',
    'port ports tunnel',
  ],
  implications: [
    'k8s kube > kubernetes',
    'pod pods deployment deployments namespace namespaces configmap configmaps ingress ingresses statefulset statefulsets daemonset daemonsets replicaset cronjob cronjobs > resource resources kubernetes',
    'replica replicas > scale',
    'restart > rollout',
    'manifest manifests > apply',
    'shell_into exec_into ssh > exec',
    'cluster clusters > kubernetes',
    'svc service_account secret_object pvc persistentvolumeclaim > resource resources kubernetes',
    // A job is a Kubernetes resource and a career: the lexicon cannot tell them apart (a known leak the lint test lists).
    'job jobs > resource resources kubernetes job career',
    'cordon uncordon drain unschedulable taint taints > node management',
    'kubeconfig > context',
    'crd crds kinds resource_types > api resources',
    'hpa autoscale autoscaling > scale',
    'rolling_restart > rollout restart',
    'release_history > rollout history',
    'chart_release > helm release',
    'k8s_docs field_docs > explain documentation',
  ],
}
