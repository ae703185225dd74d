/// <reference types="@remix-run/dev" />
/// <reference types="@remix-run/node" />

/** hls.js's light build (no subtitles, alternate audio or DRM, which lessons do not use) has the full build's types. */
declare module 'hls.js/light' {
	export { default } from 'hls.js'
}
