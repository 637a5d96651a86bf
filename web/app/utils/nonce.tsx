import { createContext, useContext } from "react";

const NonceContext = createContext<string>("");
export const NonceProvider = NonceContext.Provider;
/** The request's CSP nonce, for any inline <script> a component must render. */
export const useNonce = () => useContext(NonceContext);
