/**
 * The id of the `<template>` of links to the part of the shared-ui share that the frame does not
 * load itself: the shell's build writes it into index.html (`sharedUiPreloads` in
 * shell/vite.config.ts) and `preloadSharedUiShare` (load-remote.ts) adds its links on a remote page.
 */
export const SHARED_UI_PRELOADS = "portal-shared-ui-preloads";
