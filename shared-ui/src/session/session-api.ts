import { createApiClient } from "../api/client";
import { localeStore } from "../i18n/locale-store";
import { session } from "./session-store";

/**
 * The API as the page's session calls it: the client of `api/client.ts` with the session store
 * as its token provider (the bearer token, its refresh after a 401, the sign-out when even a
 * fresh token is refused). Remotes and the shell call the API through this one object.
 */
export const api = createApiClient({ tokens: session, locale: localeStore.get });

/** `api.request` by its former name (shared-ui 1.1 exported it). */
export const apiRequest = api.request;
