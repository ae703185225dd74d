// Bundles build-server/server.js and build-server/seed.js (so a production
// image can seed too).
import * as esbuild from 'esbuild'
import { serverBundleOptions } from './server-bundle.mjs'

await esbuild.build(serverBundleOptions)
