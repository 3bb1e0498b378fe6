import type { ServerInfo } from "./discovery.ts";
import { hostHeader } from "./probe.ts";
import type { UserSurface } from "./types.ts";
import { type UserApi, userApi } from "./user-client.ts";

/**
 * The user API as a program on this machine calls it (`askuser answer`): at the address the
 * discovery file names, with its bearer token, saying which surface answers.
 */
export function programUserApi(info: ServerInfo, surface: UserSurface): UserApi {
  return userApi({
    baseUrl: `http://${hostHeader(info)}`,
    headers: () => ({ Authorization: `Bearer ${info.token}`, "Askuser-Surface": surface }),
    signedOut:
      "the answer server refused the token of its discovery file (another server took its place?); run the command again",
  });
}
