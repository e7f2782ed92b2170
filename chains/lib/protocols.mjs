// The index of the local chains' protocols and bridges. Each lives in a module of its own (uniswapv2.mjs,
// uniswapv3.mjs, balancerv2.mjs, uniswapv4.mjs, across.mjs; core.mjs holds what they share) that exports one descriptor:
//   { key,        // Junction's provider key: the name in up.json's chains.<id>.protocols (bridges) and in the YAML
//     specKey,    // its entry in a market spec and in deployMarket's result (markets.json), e.g. "uniswapV2"
//     deploy(signer, {weth, token}, specEntry) -> result   // token(symbol) -> {address, decimals}
//     contracts(result) -> {name: address}                 // what up.json names, e.g. {factory, router}
//     dex(result) -> "{kind: ..., ...}"                   // protocols only: chain mode's dexes.<key> (YAML flow map)
//     quoters(provider, contracts, tokenIn, tokenOut, {weth}) // protocols only: every pool of the pair, each
//       -> [{name, pool, quote(amountIn, blockTag) -> amountOut}]  //   quoted by the protocol's own contract
//   }
// A new protocol adds its module and one entry to PROTOCOLS (a bridge to BRIDGES): lib/market.mjs deploys it when
// the spec has its specKey, bin/local-chains writes it into up.json and the chain-mode YAML, and lib/optimum.mjs
// (the reference optimum of the route-quality bench and the depth test) quotes its pools.
import { uniswapV2 } from "./uniswapv2.mjs";
import { uniswapV3 } from "./uniswapv3.mjs";
import { across } from "./across.mjs";
import { balancerV2 } from "./balancerv2.mjs";
import { uniswapV4 } from "./uniswapv4.mjs";

export * from "./core.mjs";
export * from "./uniswapv2.mjs";
export * from "./uniswapv3.mjs";
export * from "./across.mjs";
export * from "./balancerv2.mjs";
export * from "./uniswapv4.mjs";

export const PROTOCOLS = [uniswapV2, uniswapV3, balancerV2, uniswapV4];
export const BRIDGES = [across];
