import type { ChainIssuing } from "~/wiring/config.server";
import { isLoopback } from "~/wiring/config.server";
import type { ChainIssuer, ChainPorts } from "~/domain/ports";
import { mintAddressFor } from "./issuer-key.server";
import { explorerUrl, type Cluster } from "./port";

/** The domain's view of on-chain issuing, from this process's chain settings (read on first use). */
export function chainPorts(settings: () => ChainIssuing | undefined): ChainPorts {
  let issuer: ChainIssuer | null | undefined;
  let localRpcUrl: string | undefined | null = null;
  const explorerRpcUrl = () => {
    if (localRpcUrl === null) {
      // Explorer reads a local chain only through its RPC URL, and only one on this machine is safe to show.
      const rpcUrl = settings()?.rpcUrl;
      localRpcUrl = rpcUrl && isLoopback(new URL(rpcUrl).hostname) ? rpcUrl : undefined;
    }
    return localRpcUrl;
  };
  return {
    issuer() {
      if (issuer === undefined) {
        const chain = settings();
        issuer = chain
          ? {
              cluster: chain.cluster,
              issuerAddress: chain.issuer.address,
              mintAddressFor: (nftId) => mintAddressFor(chain.issuer, nftId),
            }
          : null;
      }
      return issuer;
    },
    explorerAddressUrl: (cluster, address) => explorerUrl(cluster as Cluster, "address", address, explorerRpcUrl()),
  };
}
