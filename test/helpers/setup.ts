/** Runs before each test file (vitest.config.ts `setupFiles`): helpers' cleanups at the file's end. */
import {afterAll} from 'vitest'

import {runFileEndCleanups} from './file-end.js'

afterAll(runFileEndCleanups)
