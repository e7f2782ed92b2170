// SPDX-License-Identifier: MIT
pragma solidity 0.8.28;

import {IERC20} from "@openzeppelin/contracts/token/ERC20/IERC20.sol";

/// @title TEST ONLY: a two-coin Curve StableSwap pool reproduced in Solidity
/// @notice Curve pools are Vyper and no npm package ships their bytecode, so the Curve adapter is tested against this
/// reproduction of the plain pool's interface (coins, balances, get_dy, exchange(int128,int128,uint256,uint256),
/// TokenExchange) and math (get_D / get_y Newton iterations with A*n, fee in 1e10 units taken from dy, rates 1:1 for
/// coins of equal decimals, admin fee left in the pool). See docs/DECISIONS.md for the gap. Never deploy it.
contract TestOnlyCurveStableSwap {
    uint256 internal constant N = 2;
    uint256 internal constant FEE_DENOMINATOR = 1e10;

    address[2] public coins;
    uint256[2] public balances;
    uint256 public immutable A;
    uint256 public immutable fee;

    event TokenExchange(address indexed buyer, int128 sold_id, uint256 tokens_sold, int128 bought_id, uint256 tokens_bought);

    constructor(address coin0, address coin1, uint256 a, uint256 fee_) {
        coins = [coin0, coin1];
        A = a;
        fee = fee_;
    }

    function addLiquidity(uint256 amount0, uint256 amount1) external {
        IERC20(coins[0]).transferFrom(msg.sender, address(this), amount0);
        IERC20(coins[1]).transferFrom(msg.sender, address(this), amount1);
        balances[0] += amount0;
        balances[1] += amount1;
    }

    function getD(uint256[2] memory xp, uint256 amp) internal pure returns (uint256) {
        uint256 s = xp[0] + xp[1];
        if (s == 0) return 0;
        uint256 d = s;
        uint256 ann = amp * N;
        for (uint256 k; k < 255; ++k) {
            uint256 dP = d;
            for (uint256 m; m < N; ++m) {
                dP = dP * d / (xp[m] * N);
            }
            uint256 dPrev = d;
            d = (ann * s + dP * N) * d / ((ann - 1) * d + (N + 1) * dP);
            if (d > dPrev ? d - dPrev <= 1 : dPrev - d <= 1) break;
        }
        return d;
    }

    function getY(uint256 i, uint256 j, uint256 x, uint256[2] memory xp) internal view returns (uint256) {
        uint256 amp = A;
        uint256 d = getD(xp, amp);
        uint256 c = d;
        uint256 s;
        uint256 ann = amp * N;
        for (uint256 k; k < N; ++k) {
            uint256 xk;
            if (k == i) xk = x;
            else if (k != j) xk = xp[k];
            else continue;
            s += xk;
            c = c * d / (xk * N);
        }
        c = c * d / (ann * N);
        uint256 b = s + d / ann;
        uint256 y = d;
        for (uint256 k; k < 255; ++k) {
            uint256 yPrev = y;
            y = (y * y + c) / (2 * y + b - d);
            if (y > yPrev ? y - yPrev <= 1 : yPrev - y <= 1) break;
        }
        return y;
    }

    function get_dy(int128 i, int128 j, uint256 dx) public view returns (uint256) {
        uint256[2] memory xp = balances;
        uint256 ui = uint256(int256(i));
        uint256 uj = uint256(int256(j));
        uint256 y = getY(ui, uj, xp[ui] + dx, xp);
        uint256 dy = xp[uj] - y - 1;
        return dy - fee * dy / FEE_DENOMINATOR;
    }

    function exchange(int128 i, int128 j, uint256 dx, uint256 minDy) external returns (uint256 dy) {
        uint256 ui = uint256(int256(i));
        uint256 uj = uint256(int256(j));
        dy = get_dy(i, j, dx);
        require(dy >= minDy, "Exchange resulted in fewer coins than expected");
        IERC20(coins[ui]).transferFrom(msg.sender, address(this), dx);
        balances[ui] += dx;
        balances[uj] -= dy;
        IERC20(coins[uj]).transfer(msg.sender, dy);
        emit TokenExchange(msg.sender, i, dx, j, dy);
    }
}
