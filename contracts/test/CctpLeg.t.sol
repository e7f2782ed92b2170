// SPDX-License-Identifier: MIT
pragma solidity 0.8.28;

import {IERC20} from "@openzeppelin/contracts/token/ERC20/IERC20.sol";
import {Ownable} from "@openzeppelin/contracts/access/Ownable.sol";
import {CctpTwoDomains} from "./support/CctpTwoDomains.sol";
import {TestOnlyVault, TestOnlyReentrantReceiver} from "./support/TestOnlyVault.sol";
import {TestOnlyCctpMessageTransmitter} from "./support/TestOnlyCctpMessageTransmitter.sol";
import {TestOnlyCctpTokenMessenger} from "./support/TestOnlyCctpTokenMessenger.sol";
import {IJunctionRouter} from "../src/IJunctionRouter.sol";
import {JunctionRouter} from "../src/JunctionRouter.sol";
import {JunctionExecutor} from "../src/JunctionExecutor.sol";
import {JunctionCctpReceiver} from "../src/JunctionCctpReceiver.sol";
import {CctpAdapter} from "../src/adapters/CctpAdapter.sol";
import {RouterOnly} from "../src/adapters/RouterOnly.sol";

/// @notice A CCTP bridge step followed by a destination leg or call: the source CctpAdapter burns for the destination
/// JunctionCctpReceiver and sends it the leg's hash bound to the burn nonce; a relayer redeems both Circle messages
/// with the leg; the router runs it (or pays the fallback). Then every way of moving the bridged USDC otherwise is
/// attacked: each fails, moves nothing, and leaves the real leg redeemable.
contract CctpLegTest is CctpTwoDomains {
    uint256 internal constant AMOUNT_IN = 1_000e6;
    uint256 internal constant REDEEM_FEE = 2e6;
    uint256 internal constant DELIVERED = AMOUNT_IN - REDEEM_FEE;

    address internal beneficiary = makeAddr("beneficiary");
    address internal fallbackAddress = makeAddr("fallback");
    address internal attacker = makeAddr("attacker");
    TestOnlyVault internal vault;
    JunctionExecutor internal executor;

    function setUp() public {
        _deployTwoDomains();
        vault = new TestOnlyVault();
        executor = router.executor();
    }

    // ---------------------------------------------------------------- legs

    /// @dev The destination leg: DELIVERED USDC -> WETH through V2 for `to`, its minimum the exact expected output.
    function _v2Leg(address to) internal view returns (IJunctionRouter.RouteParams memory p, IJunctionRouter.Step[] memory s) {
        uint256 expected = _v2Out(DELIVERED, address(usdc), weth);
        p = _params(address(usdc), DELIVERED, weth, expected, to);
        s = _one(_v2Step(address(usdc), weth, expected));
    }

    /// @dev The V2 leg with a destination call on the vault and the fallback address.
    function _callLeg(bytes memory call) internal view returns (IJunctionRouter.RouteParams memory p, IJunctionRouter.Step[] memory s) {
        (p, s) = _v2Leg(address(vault));
        p.destinationCallData = call;
        p.destinationGasLimit = 300_000;
        p.fallbackAddress = fallbackAddress;
    }

    function _assertNothingKept() internal view {
        _assertRouterEmpty();
        address[6] memory holders = [
            address(receiver),
            address(executor),
            address(sourceRouter),
            address(sourceAdapter),
            address(sourceMinter),
            address(cctpMinter)
        ];
        for (uint256 h; h < holders.length; ++h) {
            assertEq(usdc.balanceOf(holders[h]), 0, "USDC kept");
            assertEq(IERC20(weth).balanceOf(holders[h]), 0, "WETH kept");
        }
        assertEq(IERC20(weth).allowance(address(executor), address(vault)), 0, "approval not reset");
    }

    /// @dev Balances an attack must not move: the user's, the relayer's, the attacker's and the contracts'.
    function _balances() internal view returns (uint256[8] memory b) {
        address[4] memory who = [user, relayer, attacker, address(receiver)];
        for (uint256 i; i < 4; ++i) {
            b[2 * i] = usdc.balanceOf(who[i]);
            b[2 * i + 1] = IERC20(weth).balanceOf(who[i]);
        }
    }

    function _assertUnchanged(uint256[8] memory before) internal view {
        uint256[8] memory nowB = _balances();
        for (uint256 i; i < 8; ++i) {
            assertEq(nowB[i], before[i], "an attack moved tokens");
        }
        _assertNothingKept();
    }

    /// @dev After an attack, the real leg still redeems (its nonces are unused) and delivers exactly.
    function _assertStillRedeemable(Leg memory l, uint256 expected) internal {
        uint256 before = IERC20(weth).balanceOf(beneficiary);
        _redeem(l);
        assertEq(IERC20(weth).balanceOf(beneficiary) - before, expected, "the real leg no longer delivers");
        _assertNothingKept();
    }

    function _nonceOf(bytes memory message) internal pure returns (uint64 nonce) {
        assembly {
            nonce := shr(192, mload(add(message, 44))) // 32 (length) + 12
        }
    }

    // ---------------------------------------------------------------- the leg runs

    function test_sourceBurnsForTheReceiverAndBindsTheLeg() public {
        (IJunctionRouter.RouteParams memory p, IJunctionRouter.Step[] memory s) = _v2Leg(beneficiary);
        bytes memory message = _legOf(REDEEM_FEE, p, s);
        uint64 burnNonce = sourceTransmitter.nextAvailableNonce();
        (IJunctionRouter.RouteParams memory sp, IJunctionRouter.Step[] memory ss) =
            _sourceRoute(AMOUNT_IN, REDEEM_FEE, message, address(receiver));
        _fund(address(usdc), user, AMOUNT_IN);
        vm.prank(user);
        usdc.approve(address(sourceRouter), AMOUNT_IN);
        uint256 supply = usdc.totalSupply();
        vm.expectEmit(address(sourceMessenger));
        emit TestOnlyCctpTokenMessenger.DepositForBurn(
            burnNonce,
            address(usdc),
            AMOUNT_IN,
            address(sourceAdapter),
            _b32(address(receiver)),
            CCTP_DOMAIN,
            _b32(address(cctpMessenger)),
            _b32(address(receiver))
        );
        vm.expectEmit(address(sourceAdapter));
        emit CctpAdapter.CctpLegSent(burnNonce, CCTP_DOMAIN, _b32(address(receiver)), burnNonce + 1, message);
        vm.expectEmit(address(sourceRouter));
        emit IJunctionRouter.BridgeInitiated(
            sp.quoteId, address(sourceAdapter), block.chainid, address(usdc), AMOUNT_IN, address(receiver)
        );
        vm.prank(user);
        uint256 out = sourceRouter.executeRoute(sp, ss);
        assertEq(out, AMOUNT_IN, "the router reports what the bridge was handed");
        assertEq(usdc.totalSupply(), supply - AMOUNT_IN, "burned");
        assertEq(sourceTransmitter.nextAvailableNonce(), burnNonce + 2, "a burn and a leg");
        _assertNothingKept();
    }

    function test_sourceStepMinimumIsCheckedNetOfTheRedeemFee() public {
        (IJunctionRouter.RouteParams memory p, IJunctionRouter.Step[] memory s) = _v2Leg(beneficiary);
        (IJunctionRouter.RouteParams memory sp, IJunctionRouter.Step[] memory ss) =
            _sourceRoute(AMOUNT_IN, REDEEM_FEE, _legOf(REDEEM_FEE, p, s), address(receiver));
        ss[0].minAmountOut = DELIVERED + 1;
        _fund(address(usdc), user, AMOUNT_IN);
        vm.startPrank(user);
        usdc.approve(address(sourceRouter), AMOUNT_IN);
        vm.expectRevert(abi.encodeWithSelector(IJunctionRouter.InsufficientOutput.selector, 0, DELIVERED, DELIVERED + 1));
        sourceRouter.executeRoute(sp, ss);
        vm.stopPrank();
    }

    function test_v2Leg_receiverGetsTheExactOutput_redeemerTheFee() public {
        (IJunctionRouter.RouteParams memory p, IJunctionRouter.Step[] memory s) = _v2Leg(beneficiary);
        Leg memory l = _burn(AMOUNT_IN, REDEEM_FEE, p, s);
        vm.expectEmit(address(router));
        emit IJunctionRouter.RouteExecuted(p.quoteId, beneficiary, beneficiary, address(usdc), DELIVERED, weth, p.minAmountOut);
        vm.expectEmit(address(receiver));
        emit JunctionCctpReceiver.CctpLegRedeemed(
            SOURCE_DOMAIN, _nonceOf(l.burnMessage), p.quoteId, address(usdc), AMOUNT_IN, REDEEM_FEE, relayer
        );
        uint256 delivered = _redeem(l);
        assertEq(delivered, DELIVERED);
        assertEq(IERC20(weth).balanceOf(beneficiary), p.minAmountOut, "exact output");
        assertEq(usdc.balanceOf(relayer), REDEEM_FEE, "the redeemer's fee");
        bytes32 used = keccak256(abi.encodePacked(SOURCE_DOMAIN, _nonceOf(l.burnMessage)));
        assertEq(cctpTransmitter.usedNonces(used), 1);
        _assertNothingKept();
    }

    function test_v3Leg_receiverGetsTheExactOutput() public {
        uint256 expected = _v3Out(DELIVERED, address(usdc), weth);
        IJunctionRouter.RouteParams memory p = _params(address(usdc), DELIVERED, weth, expected, beneficiary);
        Leg memory l = _burn(AMOUNT_IN, REDEEM_FEE, p, _one(_v3Step(address(usdc), weth, expected)));
        _redeem(l);
        assertEq(IERC20(weth).balanceOf(beneficiary), expected);
        assertEq(usdc.balanceOf(relayer), REDEEM_FEE);
        _assertNothingKept();
    }

    function test_zeroRedeemFee_everythingGoesToTheLeg() public {
        uint256 expected = _v2Out(AMOUNT_IN, address(usdc), weth);
        IJunctionRouter.RouteParams memory p = _params(address(usdc), AMOUNT_IN, weth, expected, beneficiary);
        Leg memory l = _burn(AMOUNT_IN, 0, p, _one(_v2Step(address(usdc), weth, expected)));
        assertEq(_redeem(l), AMOUNT_IN);
        assertEq(IERC20(weth).balanceOf(beneficiary), expected);
        assertEq(usdc.balanceOf(relayer), 0);
        _assertNothingKept();
    }

    function test_legWithCall_vaultCredited_completed() public {
        (IJunctionRouter.RouteParams memory p, IJunctionRouter.Step[] memory s) =
            _callLeg(abi.encodeCall(TestOnlyVault.depositAllowance, (weth, beneficiary)));
        Leg memory l = _burn(AMOUNT_IN, REDEEM_FEE, p, s);
        vm.expectEmit(address(executor));
        emit JunctionExecutor.DestinationCallExecuted(
            p.quoteId, address(vault), fallbackAddress, weth, p.minAmountOut, JunctionExecutor.Outcome.SUCCEEDED, 0
        );
        _redeem(l);
        assertEq(vault.credit(weth, beneficiary), p.minAmountOut);
        assertEq(IERC20(weth).balanceOf(fallbackAddress), 0);
        assertEq(usdc.balanceOf(relayer), REDEEM_FEE);
        _assertNothingKept();
    }

    function test_legWithRevertingCall_fallbackGetsTheOutput() public {
        (IJunctionRouter.RouteParams memory p, IJunctionRouter.Step[] memory s) =
            _callLeg(abi.encodeCall(TestOnlyVault.depositRefused, (weth, beneficiary)));
        Leg memory l = _burn(AMOUNT_IN, REDEEM_FEE, p, s);
        vm.expectEmit(address(executor));
        emit JunctionExecutor.DestinationCallExecuted(
            p.quoteId,
            address(vault),
            fallbackAddress,
            weth,
            p.minAmountOut,
            JunctionExecutor.Outcome.REVERTED,
            p.minAmountOut
        );
        _redeem(l);
        assertEq(IERC20(weth).balanceOf(fallbackAddress), p.minAmountOut);
        assertEq(vault.credit(weth, beneficiary), 0);
        _assertNothingKept();
    }

    function test_legWithoutSteps_callOnTheBridgedUsdc() public {
        IJunctionRouter.RouteParams memory p = _params(address(usdc), DELIVERED, address(usdc), DELIVERED, address(vault));
        p.destinationCallData = abi.encodeCall(TestOnlyVault.depositAllowance, (address(usdc), beneficiary));
        p.destinationGasLimit = 200_000;
        p.fallbackAddress = fallbackAddress;
        Leg memory l = _burn(AMOUNT_IN, REDEEM_FEE, p, new IJunctionRouter.Step[](0));
        _redeem(l);
        assertEq(vault.credit(address(usdc), beneficiary), DELIVERED);
        _assertNothingKept();
    }

    function test_legBelowItsMinimum_receiverGetsTheBridgedUsdc() public {
        (IJunctionRouter.RouteParams memory p, IJunctionRouter.Step[] memory s) = _v2Leg(beneficiary);
        p.minAmountOut += 1;
        Leg memory l = _burn(AMOUNT_IN, REDEEM_FEE, p, s);
        vm.expectEmit(address(router));
        emit JunctionRouter.DestinationFallback(p.quoteId, beneficiary, address(usdc), DELIVERED);
        _redeem(l);
        assertEq(usdc.balanceOf(beneficiary), DELIVERED);
        assertEq(IERC20(weth).balanceOf(beneficiary), 0);
        assertEq(usdc.balanceOf(relayer), REDEEM_FEE);
        _assertNothingKept();
    }

    function test_legWithCallBelowItsMinimum_fallbackGetsTheBridgedUsdc() public {
        (IJunctionRouter.RouteParams memory p, IJunctionRouter.Step[] memory s) =
            _callLeg(abi.encodeCall(TestOnlyVault.depositAllowance, (weth, beneficiary)));
        p.minAmountOut += 1;
        Leg memory l = _burn(AMOUNT_IN, REDEEM_FEE, p, s);
        vm.expectEmit(address(router));
        emit JunctionRouter.DestinationFallback(p.quoteId, fallbackAddress, address(usdc), DELIVERED);
        _redeem(l);
        assertEq(usdc.balanceOf(fallbackAddress), DELIVERED);
        assertEq(usdc.balanceOf(address(vault)), 0);
        _assertNothingKept();
    }

    function test_legAfterItsDeadline_receiverGetsTheBridgedUsdc() public {
        (IJunctionRouter.RouteParams memory p, IJunctionRouter.Step[] memory s) = _v2Leg(beneficiary);
        Leg memory l = _burn(AMOUNT_IN, REDEEM_FEE, p, s);
        vm.warp(p.deadline + 1);
        _redeem(l);
        assertEq(usdc.balanceOf(beneficiary), DELIVERED);
        _assertNothingKept();
    }

    /// @dev An under-gassed redeem reverts as a whole (the router refuses before its try): Circle's nonces stay unused
    /// and the relayer retries with more gas.
    function test_underGassedRedeem_reverts_thenRedeemsWithMoreGas() public {
        (IJunctionRouter.RouteParams memory p, IJunctionRouter.Step[] memory s) =
            _callLeg(abi.encodeCall(TestOnlyVault.depositAllowance, (weth, beneficiary)));
        p.destinationGasLimit = 2_000_000;
        Leg memory l = _burn(AMOUNT_IN, REDEEM_FEE, p, s);
        vm.prank(relayer);
        vm.expectPartialRevert(JunctionRouter.InsufficientDestinationGas.selector);
        receiver.redeem{gas: 1_000_000}(l.burnMessage, l.burnAttestation, l.legMessage, l.legAttestation, l.message);
        assertEq(usdc.balanceOf(relayer), 0);
        _redeem(l);
        assertEq(vault.credit(weth, beneficiary), p.minAmountOut);
        _assertNothingKept();
    }

    // ---------------------------------------------------------------- attacks

    function test_attack_redeemTwice_nonceUsed() public {
        (IJunctionRouter.RouteParams memory p, IJunctionRouter.Step[] memory s) = _v2Leg(beneficiary);
        Leg memory l = _burn(AMOUNT_IN, REDEEM_FEE, p, s);
        _redeem(l);
        uint256[8] memory before = _balances();
        vm.prank(attacker);
        vm.expectRevert(bytes("Nonce already used"));
        receiver.redeem(l.burnMessage, l.burnAttestation, l.legMessage, l.legAttestation, l.message);
        _assertUnchanged(before);
    }

    /// @dev Anyone can send a Circle message on the source domain and get it attested: a leg from other than the
    /// registered adapter (here binding the real burn's nonce to the attacker's route) is refused.
    function test_attack_legFromAnUnregisteredSender_refused() public {
        (IJunctionRouter.RouteParams memory p, IJunctionRouter.Step[] memory s) = _v2Leg(beneficiary);
        Leg memory l = _burn(AMOUNT_IN, REDEEM_FEE, p, s);
        (IJunctionRouter.RouteParams memory ap, IJunctionRouter.Step[] memory as_) = _v2Leg(attacker);
        bytes memory attackerMessage = _legOf(REDEEM_FEE, ap, as_);
        vm.recordLogs();
        vm.prank(attacker);
        sourceTransmitter.sendMessageWithCaller(
            CCTP_DOMAIN,
            _b32(address(receiver)),
            _b32(address(receiver)),
            abi.encode(_nonceOf(l.burnMessage), keccak256(attackerMessage))
        );
        bytes memory forgedLeg = _messagesSent(vm.getRecordedLogs())[0];
        uint256[8] memory before = _balances();
        vm.prank(attacker);
        vm.expectRevert(
            abi.encodeWithSelector(JunctionCctpReceiver.UnknownRemoteAdapter.selector, SOURCE_DOMAIN, _b32(attacker))
        );
        receiver.redeem(l.burnMessage, l.burnAttestation, forgedLeg, _attest(forgedLeg), attackerMessage);
        _assertUnchanged(before);
        _assertStillRedeemable(l, p.minAmountOut);
    }

    /// @dev Two burns by the real adapter: the first burn with the second's leg (and message) is refused.
    function test_attack_legOfAnotherBurn_refused() public {
        (IJunctionRouter.RouteParams memory p, IJunctionRouter.Step[] memory s) = _v2Leg(beneficiary);
        Leg memory first = _burn(AMOUNT_IN, REDEEM_FEE, p, s);
        (IJunctionRouter.RouteParams memory ap, IJunctionRouter.Step[] memory as_) = _v2Leg(attacker);
        ap.minAmountOut = 1;
        as_[0].minAmountOut = 1;
        Leg memory second = _burn(10e6, 1e6, ap, as_);
        uint256[8] memory before = _balances();
        vm.prank(attacker);
        vm.expectRevert(JunctionCctpReceiver.LegMismatch.selector);
        receiver.redeem(first.burnMessage, first.burnAttestation, second.legMessage, second.legAttestation, second.message);
        _assertUnchanged(before);
        _assertStillRedeemable(first, p.minAmountOut);
    }

    /// @dev A leg from another domain, even from that domain's registered adapter and naming this burn's nonce, does
    /// not bind a burn of this domain.
    function test_attack_legFromAnotherDomain_refused() public {
        (IJunctionRouter.RouteParams memory p, IJunctionRouter.Step[] memory s) = _v2Leg(beneficiary);
        Leg memory l = _burn(AMOUNT_IN, REDEEM_FEE, p, s);
        uint32 otherDomain = 2;
        TestOnlyCctpMessageTransmitter other = new TestOnlyCctpMessageTransmitter(otherDomain, vm.addr(cctpAttesterKey), 8192, 0);
        address otherAdapter = makeAddr("otherDomainsAdapter");
        vm.prank(receiverOwner);
        receiver.setRemoteAdapter(otherDomain, _b32(otherAdapter));
        vm.recordLogs();
        vm.prank(otherAdapter);
        other.sendMessageWithCaller(
            CCTP_DOMAIN, _b32(address(receiver)), _b32(address(receiver)), abi.encode(_nonceOf(l.burnMessage), keccak256(l.message))
        );
        bytes memory otherLeg = _messagesSent(vm.getRecordedLogs(), address(other))[0];
        uint256[8] memory before = _balances();
        vm.prank(attacker);
        vm.expectRevert(
            abi.encodeWithSelector(JunctionCctpReceiver.SourceDomainMismatch.selector, SOURCE_DOMAIN, otherDomain)
        );
        receiver.redeem(l.burnMessage, l.burnAttestation, otherLeg, _attest(otherLeg), l.message);
        _assertUnchanged(before);
        _assertStillRedeemable(l, p.minAmountOut);
    }

    /// @dev The real burn and leg with another message: another route (the attacker as receiver) or another fee.
    function test_attack_swappedMessage_otherRouteOrFee_refused() public {
        (IJunctionRouter.RouteParams memory p, IJunctionRouter.Step[] memory s) = _v2Leg(beneficiary);
        Leg memory l = _burn(AMOUNT_IN, REDEEM_FEE, p, s);
        uint256[8] memory before = _balances();
        (IJunctionRouter.RouteParams memory ap, IJunctionRouter.Step[] memory as_) = _v2Leg(attacker);
        bytes[3] memory swapped = [_legOf(REDEEM_FEE, ap, as_), _legOf(REDEEM_FEE + 1, p, s), _legOf(0, p, s)];
        for (uint256 k; k < swapped.length; ++k) {
            vm.prank(attacker);
            vm.expectRevert(JunctionCctpReceiver.LegMismatch.selector);
            receiver.redeem(l.burnMessage, l.burnAttestation, l.legMessage, l.legAttestation, swapped[k]);
        }
        _assertUnchanged(before);
        _assertStillRedeemable(l, p.minAmountOut);
    }

    /// @dev Both messages name the receiver as their only destination caller: nobody else can have the transmitter
    /// mint the burn to the receiver (where it would wait without its leg) or consume the leg.
    function test_attack_receiveMessageOnTheTransmitterDirectly_refused() public {
        (IJunctionRouter.RouteParams memory p, IJunctionRouter.Step[] memory s) = _v2Leg(beneficiary);
        Leg memory l = _burn(AMOUNT_IN, REDEEM_FEE, p, s);
        uint256[8] memory before = _balances();
        address[2] memory callers = [attacker, relayer];
        for (uint256 k; k < callers.length; ++k) {
            vm.prank(callers[k]);
            vm.expectRevert(bytes("Invalid caller for message"));
            cctpTransmitter.receiveMessage(l.burnMessage, l.burnAttestation);
            vm.prank(callers[k]);
            vm.expectRevert(bytes("Invalid caller for message"));
            cctpTransmitter.receiveMessage(l.legMessage, l.legAttestation);
        }
        _assertUnchanged(before);
        _assertStillRedeemable(l, p.minAmountOut);
    }

    /// @dev handleReceiveMessage answers only the transmitter, and only while a redeem waits for its leg: not an
    /// attacker, not the transmitter delivering a message anyone may receive (no destination caller) outside a redeem.
    function test_attack_handleReceiveMessageOutsideARedeem_refused() public {
        bytes memory body = abi.encode(uint64(0), bytes32(0));
        vm.prank(attacker);
        vm.expectRevert(abi.encodeWithSelector(JunctionCctpReceiver.UnexpectedMessage.selector, attacker));
        receiver.handleReceiveMessage(SOURCE_DOMAIN, _b32(address(sourceAdapter)), body);
        vm.prank(address(cctpTransmitter));
        vm.expectRevert(abi.encodeWithSelector(JunctionCctpReceiver.UnexpectedMessage.selector, address(cctpTransmitter)));
        receiver.handleReceiveMessage(SOURCE_DOMAIN, _b32(address(sourceAdapter)), body);
        // a message to the receiver without a destination caller, received by the attacker through the transmitter
        vm.recordLogs();
        vm.prank(attacker);
        sourceTransmitter.sendMessage(CCTP_DOMAIN, _b32(address(receiver)), body);
        bytes memory open = _messagesSent(vm.getRecordedLogs())[0];
        vm.prank(attacker);
        vm.expectRevert(abi.encodeWithSelector(JunctionCctpReceiver.UnexpectedMessage.selector, address(cctpTransmitter)));
        cctpTransmitter.receiveMessage(open, _attest(open));
    }

    /// @dev The leg's destination call re-enters the receiver (redeeming another pending leg), the router (as a bridge
    /// messenger) and the transmitter (receiving the other leg): each fails, the call counts as reverted, the fallback
    /// gets the output and the other leg stays redeemable.
    function test_attack_reentryFromTheDestinationCall_fails_fallbackGetsTheOutput() public {
        TestOnlyReentrantReceiver reentrant = new TestOnlyReentrantReceiver();
        (IJunctionRouter.RouteParams memory vp, IJunctionRouter.Step[] memory vs) = _v2Leg(beneficiary);
        vp.minAmountOut = 1; // the attacks' legs trade through the same pool before this one runs
        vs[0].minAmountOut = 1;
        Leg memory victim = _burn(AMOUNT_IN, REDEEM_FEE, vp, vs);
        bytes[3] memory reentries = [
            abi.encodeCall(
                TestOnlyReentrantReceiver.reenter,
                (
                    address(receiver),
                    abi.encodeCall(
                        JunctionCctpReceiver.redeem,
                        (victim.burnMessage, victim.burnAttestation, victim.legMessage, victim.legAttestation, victim.message)
                    )
                )
            ),
            abi.encodeCall(
                TestOnlyReentrantReceiver.reenter,
                (
                    address(router),
                    abi.encodeCall(JunctionRouter.handleV3AcrossMessage, (address(usdc), DELIVERED, attacker, abi.encode(vp, vs)))
                )
            ),
            abi.encodeCall(
                TestOnlyReentrantReceiver.reenter,
                (
                    address(cctpTransmitter),
                    abi.encodeCall(TestOnlyCctpMessageTransmitter.receiveMessage, (victim.legMessage, victim.legAttestation))
                )
            )
        ];
        for (uint256 k; k < reentries.length; ++k) {
            (IJunctionRouter.RouteParams memory p, IJunctionRouter.Step[] memory s) = _v2Leg(address(reentrant));
            p.destinationCallData = reentries[k];
            p.destinationGasLimit = 1_000_000;
            p.fallbackAddress = attacker;
            Leg memory l = _burn(AMOUNT_IN, REDEEM_FEE, p, s);
            uint256 before = IERC20(weth).balanceOf(attacker);
            vm.expectEmit(address(executor));
            emit JunctionExecutor.DestinationCallExecuted(
                p.quoteId,
                address(reentrant),
                attacker,
                weth,
                p.minAmountOut,
                JunctionExecutor.Outcome.REVERTED,
                p.minAmountOut
            );
            vm.prank(attacker);
            receiver.redeem(l.burnMessage, l.burnAttestation, l.legMessage, l.legAttestation, l.message);
            assertEq(IERC20(weth).balanceOf(attacker) - before, p.minAmountOut, "the fallback got its own output only");
            assertEq(usdc.balanceOf(attacker), REDEEM_FEE * (k + 1), "the redeemer's fee only");
            _assertNothingKept();
        }
        _assertStillRedeemable(victim, _v2Out(DELIVERED, address(usdc), weth));
    }

    /// @dev Attestations the attesters did not make: a stranger's signature, the leg's signature on the burn, a burn
    /// whose amount was raised, a truncated attestation. The real pair redeems afterwards.
    function test_attack_forgedAttestation_refused() public {
        (IJunctionRouter.RouteParams memory p, IJunctionRouter.Step[] memory s) = _v2Leg(beneficiary);
        Leg memory l = _burn(AMOUNT_IN, REDEEM_FEE, p, s);
        uint256[8] memory before = _balances();
        vm.startPrank(attacker);
        vm.expectRevert(bytes("Invalid signature: not attester"));
        receiver.redeem(l.burnMessage, _sign(0xBAD, l.burnMessage), l.legMessage, l.legAttestation, l.message);
        vm.expectRevert(bytes("Invalid signature: not attester"));
        receiver.redeem(l.burnMessage, l.burnAttestation, l.legMessage, _sign(0xBAD, l.legMessage), l.message);
        vm.expectRevert(bytes("Invalid signature: not attester"));
        receiver.redeem(l.burnMessage, l.legAttestation, l.legMessage, l.legAttestation, l.message);
        bytes memory raised = bytes.concat(l.burnMessage);
        raised[116 + 68 + 27] = bytes1(uint8(raised[116 + 68 + 27]) + 1); // the amount's 5th byte from the right
        vm.expectRevert(bytes("Invalid signature: not attester"));
        receiver.redeem(raised, l.burnAttestation, l.legMessage, l.legAttestation, l.message);
        vm.expectRevert(bytes("Invalid attestation length"));
        receiver.redeem(l.burnMessage, bytes.concat(l.burnAttestation, hex"00"), l.legMessage, l.legAttestation, l.message);
        vm.stopPrank();
        _assertUnchanged(before);
        _assertStillRedeemable(l, p.minAmountOut);
    }

    /// @dev A burn for another receiver (its only caller) cannot be redeemed here, even with its own valid leg.
    function test_attack_burnForAnotherReceiver_refused() public {
        JunctionCctpReceiver other = new JunctionCctpReceiver(receiverOwner, address(router), address(cctpMessenger));
        (IJunctionRouter.RouteParams memory p, IJunctionRouter.Step[] memory s) = _v2Leg(beneficiary);
        Leg memory l = _burnTo(address(other), AMOUNT_IN, REDEEM_FEE, p, s);
        uint256[8] memory before = _balances();
        vm.prank(attacker);
        vm.expectRevert(JunctionCctpReceiver.NotForThisReceiver.selector);
        receiver.redeem(l.burnMessage, l.burnAttestation, l.legMessage, l.legAttestation, l.message);
        _assertUnchanged(before);
    }

    function test_attack_redeemFeeNotBelowTheAmount_refusedAtTheSource() public {
        (IJunctionRouter.RouteParams memory p, IJunctionRouter.Step[] memory s) = _v2Leg(beneficiary);
        uint256[2] memory fees = [AMOUNT_IN, AMOUNT_IN + 1];
        _fund(address(usdc), user, AMOUNT_IN);
        vm.startPrank(user);
        usdc.approve(address(sourceRouter), AMOUNT_IN);
        for (uint256 k; k < fees.length; ++k) {
            (IJunctionRouter.RouteParams memory sp, IJunctionRouter.Step[] memory ss) =
                _sourceRoute(AMOUNT_IN, 0, _legOf(fees[k], p, s), address(receiver));
            vm.expectRevert(abi.encodeWithSelector(CctpAdapter.RedeemFeeTooHigh.selector, fees[k], AMOUNT_IN));
            sourceRouter.executeRoute(sp, ss);
        }
        vm.stopPrank();
        assertEq(usdc.balanceOf(user), AMOUNT_IN);
        assertEq(sourceTransmitter.nextAvailableNonce(), 0, "nothing sent");
    }

    /// @dev A leg the destination router could never pay out (no receiver, or a call without fallback) is refused at
    /// the source: a burn has no refund, its USDC would be minted to nobody.
    function test_legWithoutRecipient_refusedAtTheSource() public {
        (IJunctionRouter.RouteParams memory p, IJunctionRouter.Step[] memory s) = _v2Leg(address(0));
        (IJunctionRouter.RouteParams memory c, IJunctionRouter.Step[] memory cs) =
            _callLeg(abi.encodeCall(TestOnlyVault.depositAllowance, (weth, beneficiary)));
        c.fallbackAddress = address(0);
        bytes[3] memory legs = [_legOf(REDEEM_FEE, p, s), _legOf(REDEEM_FEE, c, cs), abi.encode(REDEEM_FEE, hex"1234")];
        _fund(address(usdc), user, AMOUNT_IN);
        vm.startPrank(user);
        usdc.approve(address(sourceRouter), AMOUNT_IN);
        for (uint256 k; k < legs.length; ++k) {
            (IJunctionRouter.RouteParams memory sp, IJunctionRouter.Step[] memory ss) =
                _sourceRoute(AMOUNT_IN, REDEEM_FEE, legs[k], address(receiver));
            if (k < 2) vm.expectRevert(CctpAdapter.LegWithoutRecipient.selector);
            else vm.expectRevert();
            sourceRouter.executeRoute(sp, ss);
        }
        vm.stopPrank();
        assertEq(usdc.balanceOf(user), AMOUNT_IN);
        assertEq(sourceTransmitter.nextAvailableNonce(), 0, "nothing sent");
    }

    /// @dev Called directly, the adapter would burn a token left in it for a leg of the attacker's choosing.
    function test_attack_directBridgeCallWithALeg_refused() public {
        usdc.mint(address(sourceAdapter), AMOUNT_IN);
        (IJunctionRouter.RouteParams memory p, IJunctionRouter.Step[] memory s) = _v2Leg(attacker);
        bytes memory data = abi.encode(
            CctpAdapter.CctpBurn(CCTP_DOMAIN, _b32(address(receiver)), block.chainid, _legOf(0, p, s))
        );
        address[2] memory callers = [attacker, routerOwner];
        for (uint256 k; k < callers.length; ++k) {
            vm.prank(callers[k]);
            vm.expectRevert(abi.encodeWithSelector(RouterOnly.OnlyRouter.selector, callers[k]));
            sourceAdapter.bridge(address(usdc), AMOUNT_IN, data);
        }
        assertEq(usdc.balanceOf(address(sourceAdapter)), AMOUNT_IN);
        assertEq(sourceTransmitter.nextAvailableNonce(), 0, "a burn was made");
    }

    function test_attack_setRemoteAdapterByNonOwner_refused() public {
        address[3] memory callers = [attacker, routerOwner, relayer];
        for (uint256 k; k < callers.length; ++k) {
            vm.prank(callers[k]);
            vm.expectRevert(abi.encodeWithSelector(Ownable.OwnableUnauthorizedAccount.selector, callers[k]));
            receiver.setRemoteAdapter(SOURCE_DOMAIN, _b32(attacker));
        }
        assertEq(receiver.remoteAdapter(SOURCE_DOMAIN), _b32(address(sourceAdapter)));
        vm.expectEmit(address(receiver));
        emit JunctionCctpReceiver.RemoteAdapterSet(SOURCE_DOMAIN, bytes32(0));
        vm.prank(receiverOwner);
        receiver.setRemoteAdapter(SOURCE_DOMAIN, bytes32(0));
        // with no adapter registered for the domain, no leg of it runs
        (IJunctionRouter.RouteParams memory p, IJunctionRouter.Step[] memory s) = _v2Leg(beneficiary);
        Leg memory l = _burn(AMOUNT_IN, REDEEM_FEE, p, s);
        vm.expectRevert(
            abi.encodeWithSelector(
                JunctionCctpReceiver.UnknownRemoteAdapter.selector, SOURCE_DOMAIN, _b32(address(sourceAdapter))
            )
        );
        _redeem(l);
    }

    /// @dev A receiver the router has not registered as a bridge messenger redeems nothing (the whole redeem reverts,
    /// so the burn waits until the owner registers it).
    function test_receiverNotRegisteredWithTheRouter_redeemsNothing() public {
        vm.prank(routerOwner);
        router.setBridgeMessenger(address(receiver), false);
        (IJunctionRouter.RouteParams memory p, IJunctionRouter.Step[] memory s) = _v2Leg(beneficiary);
        Leg memory l = _burn(AMOUNT_IN, REDEEM_FEE, p, s);
        vm.expectRevert(abi.encodeWithSelector(JunctionRouter.UnknownMessenger.selector, address(receiver)));
        _redeem(l);
        vm.prank(routerOwner);
        router.setBridgeMessenger(address(receiver), true);
        _assertStillRedeemable(l, p.minAmountOut);
    }

    function test_receiverReadsCirclesContractsFromTheTokenMessenger() public view {
        assertEq(receiver.messageTransmitter(), address(cctpTransmitter));
        assertEq(receiver.tokenMinter(), address(cctpMinter));
        assertEq(receiver.tokenMessenger(), address(cctpMessenger));
        assertEq(receiver.router(), address(router));
        assertEq(receiver.owner(), receiverOwner);
    }
}
