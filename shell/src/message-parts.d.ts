// Parts of the shell's message files (kept outside src/messages, whose files are all locales) (compiledMessages' `?keys=` in shared-ui/vite-app-config.js).
declare module "*.json?keys=!auth.,auth.linkFailed" {
  const messages: Record<string, string>;
  export default messages;
}
declare module "*.json?keys=auth." {
  const messages: Record<string, string>;
  export default messages;
}
