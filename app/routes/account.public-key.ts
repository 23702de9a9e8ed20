// GET /account/public-key: the RSA public key the browser encrypts with (the number of a login or
// registration, and number#code).
import type { Route } from "./+types/account.public-key";
import { getPublicKey } from "../../server/account/service.ts";
import { servicesContext } from "../context.ts";

export async function loader({ context }: Route.LoaderArgs) {
  const key = await getPublicKey(context.get(servicesContext));
  return Response.json({ pem: key.pem, alg: key.alg }, { headers: { "Cache-Control": "private, max-age=300" } });
}
