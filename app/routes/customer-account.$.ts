import { DomainError } from "~/domain/errors";
import { customerAccountRoute } from "~/faces/customer-account/customer-account-route.server";

// Any other path under /customer-account: a 404 in the error envelope, with CORS, for a verified caller.
const notFound = async (): Promise<Response> => {
  throw new DomainError("NOT_FOUND", "No such customer account endpoint");
};
export const loader = customerAccountRoute({ GET: notFound, POST: notFound });
export const action = loader;
