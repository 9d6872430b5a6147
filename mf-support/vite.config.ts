import { remoteViteConfig } from "@hosting-portal/shared-ui/vite-app-config";
import { defineConfig } from "vite";

// Federation name and exposed pages: this folder's entry in api/contracts/remote-registry.json.
export default defineConfig(remoteViteConfig(import.meta.dirname));
