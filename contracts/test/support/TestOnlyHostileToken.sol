// SPDX-License-Identifier: MIT
pragma solidity 0.8.28;

import {TestToken} from "./TestToken.sol";

/// @title TEST ONLY: a hostile token on a destination leg's path
/// @notice A TestToken whose owner can arm it at any time (after a victim's burn, before its redeem). Armed: REENTER
/// makes every transfer try a list of calls (the receiver, the router, Circle's transmitter) and count the ones that
/// succeed, then go on normally; BOMB makes balanceOf, when the router asks, revert with as much revert data as its gas
/// can pay for (a return bomb: whoever copies it pays the same memory again). Never deploy it.
contract TestOnlyHostileToken is TestToken {
    enum Mode {
        NONE,
        REENTER,
        BOMB
    }

    Mode public mode;
    address public bombFor;
    address[] internal targets;
    bytes[] internal calls;
    uint256 public reentriesSucceeded;
    uint256 public reentriesTried;

    constructor() TestToken("HOSTILE", 18) {}

    function armReentry(address[] calldata targets_, bytes[] calldata calls_) external {
        mode = Mode.REENTER;
        delete targets;
        delete calls;
        for (uint256 i; i < targets_.length; ++i) {
            targets.push(targets_[i]);
            calls.push(calls_[i]);
        }
    }

    function disarm() external {
        mode = Mode.NONE;
    }

    function armBomb(address caller) external {
        mode = Mode.BOMB;
        bombFor = caller;
    }

    function balanceOf(address account) public view override returns (uint256) {
        if (mode == Mode.BOMB && msg.sender == bombFor) {
            assembly {
                // memory of w words costs 3w + w*w/512: (w + 768)^2 <= 512 * 9/10 * gas + 768^2 leaves a tenth for the rest
                let x := add(div(mul(4608, gas()), 10), 589824)
                let r := x
                for { let y := shr(1, add(r, 1)) } lt(y, r) {} {
                    r := y
                    y := shr(1, add(r, div(x, r)))
                }
                revert(0, mul(sub(r, 768), 32))
            }
        }
        return super.balanceOf(account);
    }

    function _update(address from, address to, uint256 value) internal override {
        if (mode == Mode.REENTER) {
            for (uint256 i; i < targets.length; ++i) {
                ++reentriesTried;
                (bool ok,) = targets[i].call(calls[i]);
                if (ok) ++reentriesSucceeded;
            }
        }
        super._update(from, to, value);
    }
}
