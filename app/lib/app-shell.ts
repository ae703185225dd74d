/**
 * The installable app (docs/decisions/180): where the service worker is, and
 * the few lines every page carries to register it. Inline (with the page's
 * CSP nonce) and without React, so pages that ship no JavaScript carry only
 * this; the browser asks for nothing (the permission for notifications is
 * asked in the Notifications tab, when the member presses the button).
 */
export const SERVICE_WORKER_URL = '/sw.js'

export const REGISTER_SERVICE_WORKER_SCRIPT = `if('serviceWorker'in navigator)addEventListener('load',function(){navigator.serviceWorker.register('${SERVICE_WORKER_URL}').catch(function(){})})`

/** The colour of the browser's and the phone's bars around the app (brand-600). */
export const THEME_COLOR = '#2554eb'
