// Bundles build-server/server.js, build-server/seed.js and build-server/search-rebuild.js
// (so a production image can seed and rebuild the search index too).
import * as esbuild from 'esbuild'
import { serverBundleOptions } from './server-bundle.mjs'

await esbuild.build(serverBundleOptions)
