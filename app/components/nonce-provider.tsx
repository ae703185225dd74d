import { createContext, useContext } from 'react'

/** The per-request CSP nonce, so Remix's inline scripts may run (server/app.ts sets the header). */
const NonceContext = createContext<string>('')

export const NonceProvider = NonceContext.Provider
export const useNonce = () => useContext(NonceContext)
