/**
 * The AWS SDK's first client on Node < 22 warns (NodeVersionSupportWarning) that SDK releases after early January 2027
 * will need Node 22. This project runs Node 20 (engines, images) on a pinned SDK version: the SDK's own switch, read
 * when a client is made, turns the notice off unless the environment set it. Node 22 is the way out once the SDK is
 * upgraded.
 */
export function quietSdkNodeVersionNotice(): void {
  process.env.AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED ??= 'true';
}
