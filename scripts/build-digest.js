// The build a bundle carries: src/cli/build-digest.ts owns it (the compiled module, so this runs
// after `tsc`, as scripts/bundle.js does).
export {buildDigest} from '../dist/src/cli/build-digest.js'
