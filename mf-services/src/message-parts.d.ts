// The dashboard's part of the message files (compiledMessages' `?keys=`, src/dashboard-i18n.ts).
declare module "*.json?keys=dashboard.,table.,status.,assigning,beingSetUp,manage,tryAgain" {
  const messages: Record<string, string>;
  export default messages;
}
