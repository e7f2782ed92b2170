/**
 * The little ABI the wallet helpers need, without a library: the terms of a built router call (its `RouteParams`)
 * and ERC-20 `allowance` / `approve`. Word layout per the Solidity ABI; the selectors are those of
 * contracts/abi/JunctionRouter.json and the ERC-20 standard (the package's tests check them against that ABI).
 */

/** `executeRoute(RouteParams,Step[])`: what `/build-best-path` and `/build-path` answer. */
export const EXECUTE_ROUTE = "0x660e85cf";
/** `executeRouteWithPermit(RouteParams,Step[],PermitData)`: the relayer's call of a gasless swap. */
export const EXECUTE_ROUTE_WITH_PERMIT = "0xdf6517ac";
const ALLOWANCE = "0xdd62ed3e";
const APPROVE = "0x095ea7b3";

export const NATIVE_TOKEN = "0xEeeeeEeeeEeEeeEeEeEeeEEEeeeeEeeeeeeeEEeE";
export const ZERO_ADDRESS = "0x0000000000000000000000000000000000000000";

/** What the router takes from the sender: from the call's `RouteParams`. */
export interface RouteInput {
  inputToken: string;
  amountIn: bigint;
  /** 0 ERC-20 transferFrom (approve the router), 1 native (the value), 2 and 3 Permit2 (gasless). */
  acquisitionMode: number;
}

/** Reads the input terms of `executeRoute` / `executeRouteWithPermit` calldata. */
export function routeInput(data: string): RouteInput {
  const hex = data.toLowerCase();
  const selector = hex.slice(0, 10);
  if (selector !== EXECUTE_ROUTE && selector !== EXECUTE_ROUTE_WITH_PERMIT) {
    throw new Error(`not a call of Junction's router: selector ${selector}`);
  }
  const body = hex.slice(10);
  const word = (index: number) => {
    const w = body.slice(index * 64, index * 64 + 64);
    if (w.length !== 64) {
      throw new Error("calldata too short for the router's RouteParams");
    }
    return BigInt(`0x${w}`);
  };
  // the first argument is a dynamic tuple: word 0 is its offset; its fields follow in declaration order
  const start = Number(word(0) / 32n);
  return {
    inputToken: `0x${(word(start + 1)).toString(16).padStart(40, "0")}`,
    amountIn: word(start + 2),
    acquisitionMode: Number(word(start + 9)),
  };
}

const address = (a: string) => a.toLowerCase().replace(/^0x/, "").padStart(64, "0");
const uint = (n: bigint) => n.toString(16).padStart(64, "0");

/** `allowance(owner, spender)` calldata. */
export function allowanceCall(owner: string, spender: string): string {
  return `${ALLOWANCE}${address(owner)}${address(spender)}`;
}

/** `approve(spender, amount)` calldata. */
export function approveCall(spender: string, amount: bigint): string {
  return `${APPROVE}${address(spender)}${uint(amount)}`;
}
