// Across on the local chains: the SpokePool from @across-protocol/contracts (packed by lib/packed.mjs).
import { ethers } from "ethers";
import { ARTIFACTS, abiOf, acrossArtifact, deploy } from "./core.mjs";

Object.assign(ARTIFACTS, {
  Ethereum_SpokePool: () => acrossArtifact("Ethereum_SpokePool"),
});


/**
 * Across's Ethereum_SpokePool (wrapped native, 3600 s quote-time buffer, 21600 s fill-deadline buffer, no gateway)
 * behind ERC1967Proxy, initialized with deposit id 0 and the signer as admin (withdrawal recipient).
 */
export async function deployAcross(signer, weth) {
  const implementation = await deploy(signer, "Ethereum_SpokePool", [weth, 3600, 21600, ethers.ZeroAddress]);
  const iface = new ethers.Interface(abiOf("Ethereum_SpokePool"));
  const init = iface.encodeFunctionData("initialize", [0, await signer.getAddress()]);
  const spokePool = await deploy(signer, "ERC1967Proxy", [implementation, init]);
  return { spokePool, implementation };
}

/** The bridge as protocols.mjs lists it (see there). */
export const across = {
  key: "across",
  specKey: "across",
  /** spec: true; answers {spokePool}. */
  async deploy(signer, { weth }) {
    const { spokePool } = await deployAcross(signer, weth);
    return { spokePool };
  },
  contracts: (m) => ({ spokePool: m.spokePool }),
};
