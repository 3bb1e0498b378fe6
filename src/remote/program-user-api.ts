import type { ServerInfo } from "./discovery.ts";
import { socketFetch } from "./http-client.ts";
import type { UserSurface } from "./types.ts";
import { type UserApi, userApi } from "./user-client.ts";

/**
 * The user API as a program on this machine calls it (`askuser answer`): through the server's
 * Unix socket in the private runtime directory (the only place the bearer token is ever sent),
 * saying which surface answers.
 */
export function programUserApi(info: ServerInfo, surface: UserSurface): UserApi {
  return userApi({
    baseUrl: "http://localhost",
    fetch: socketFetch(info.socket),
    headers: () => ({ Authorization: `Bearer ${info.token}`, "Askuser-Surface": surface }),
    signedOut:
      "the answer server refused the token of its discovery file (another server took its place?); run the command again",
  });
}
