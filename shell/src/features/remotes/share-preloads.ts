/**
 * The id of the `<template>` of links to what the shell gives every remote page and the frame
 * does not load itself: the modules the import map names for the shares, the shared-ui share's
 * chunks, and its styles. The shell's build writes it into index.html (`sharePreloads` in
 * shell/vite.config.ts); load-remote.ts adds its links on a remote page.
 */
export const SHARE_PRELOADS = "portal-share-preloads";
