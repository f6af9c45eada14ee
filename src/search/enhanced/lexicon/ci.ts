/** Builds, pipelines and deployments (CircleCI, GitHub Actions, Jenkins). */
import type {LexiconDomain} from './domain.js'

export const CI: LexiconDomain = {
  synonyms: [
    'flaky intermittent unreliable sometimes randomly',
    'pipeline pipelines build builds ci',
    'artifact artifacts binary binaries',
  ],
  implications: [
    'deploy deploying > deployment install apply',
    'green red passing > status',
    'retry > rerun',
    'credits spend spending billing > usage cost',
    'circle > circleci',
    'flake flakes flaking > flaky',
    'ci_run ci_build build_run > pipeline build job',
    'workflow_run > workflow',
    'resource_class resource_classes oversized underused ram > resource usage',
    'cpu > resource usage processes',
    'orb orbs > config circleci',
    'roll_back rollback > rollback revert rollout',
  ],
}
