import { api } from "../session/session-api";

/**
 * Downloads a file the API serves behind the bearer token (an invoice PDF, a CSV export). A plain
 * `<a href>` would send no token, so the file is fetched through the API client (token, refresh
 * after a 401, errors as ApiError) and saved from an object URL under `filename`.
 */
export async function downloadFile(path: string, filename: string, accept: string): Promise<void> {
  const res = await api.send(path, { headers: { accept } });
  const url = URL.createObjectURL(await res.blob());
  const link = document.createElement("a");
  link.href = url;
  link.download = filename;
  link.hidden = true;
  document.body.append(link);
  try {
    link.click();
  } finally {
    link.remove();
    // The click has handed the URL to the download by now; a tick later it can go.
    setTimeout(() => URL.revokeObjectURL(url), 1000);
  }
}
