/**
 * The server's idle timeout, the same 30 minutes after which the browser signs out (SPEC §9,
 * shell/src/features/inactivity/): an open tab refreshes its access token every few minutes, so
 * only a session nobody uses stops refreshing, such as a cookie left in a closed browser or a
 * stolen one. 'Remember me' is meant to survive a closed browser, for its 5 days.
 */
export const IDLE_SECONDS = 30 * 60;
export const REMEMBERED_IDLE_SECONDS = 5 * 24 * 3600;
