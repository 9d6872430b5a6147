/*
 * Test helpers for the shell and the remotes (`@hosting-portal/shared-ui/testing`), never shipped
 * in an app bundle. The network is stubbed at its edge, `globalThis.fetch`: the API client, the
 * session store and React Query run for real, answered per URL with contract-shaped JSON.
 *
 *   const net = mockApi({ "GET /api/shop/orders": { orders: [] } });
 *   await net.signIn();
 *   const page = renderPage(<OrdersPage />, { path: "/orders" });
 *   afterEach(resetPortalState);
 */
export { englishFragments, englishLeft, translatableText } from "./english-left";
export {
  apiError,
  json,
  type MockApi,
  type MockApiOptions,
  type MockRequest,
  mockApi,
  type RouteAnswer,
  type RouteHandler,
  type Routes,
} from "./mock-api";
export { listQueries, pagedList } from "./paging";
export { fieldError, findToast, tableRows } from "./queries";
export { type RenderPageOptions, type RenderPageResult, renderPage } from "./render-page";
export { resetPortalState } from "./reset";
export { testProfile, testSession, testUser } from "./session";
