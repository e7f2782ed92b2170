// SPDX-License-Identifier: MIT
pragma solidity 0.8.28;

import {IERC20} from "@openzeppelin/contracts/token/ERC20/IERC20.sol";
import {Vm} from "forge-std/Vm.sol";
import {CctpTwoDomains} from "./support/CctpTwoDomains.sol";
import {TestOnlyVault} from "./support/TestOnlyVault.sol";
import {TestOnlyCctpMessageTransmitter} from "./support/TestOnlyCctpMessageTransmitter.sol";
import {TestOnlyHostileToken} from "./support/TestOnlyHostileToken.sol";
import {IJunctionRouter} from "../src/IJunctionRouter.sol";
import {JunctionRouter} from "../src/JunctionRouter.sol";
import {JunctionCctpReceiver} from "../src/JunctionCctpReceiver.sol";

/// @notice A source-domain contract that runs two Junction routes in one transaction: two burns and two legs, the
/// messages interleaved burn, leg, burn, leg.
contract TestOnlyTwoRoutes {
    function run(
        JunctionRouter router,
        IERC20 token,
        IJunctionRouter.RouteParams calldata p1,
        IJunctionRouter.Step[] calldata s1,
        IJunctionRouter.RouteParams calldata p2,
        IJunctionRouter.Step[] calldata s2
    ) external {
        token.approve(address(router), p1.amountIn + p2.amountIn);
        router.executeRoute(p1, s1);
        router.executeRoute(p2, s2);
    }
}

/// @notice The adversarial review of the CCTP destination leg (docs/DECISIONS.md, "CCTP receiver: the attacks tried"),
/// beyond test/CctpLeg.t.sol: an attacker who burns USDC for the receiver himself, forges burn messages through Circle
/// (which attests anything sent through its transmitter), replaces a victim's messages, crosses the pairs of two burns
/// of one transaction, replays a pair on another domain, front-runs the relayer with the gas of his choice, or donates
/// to the receiver. Each attack fails or moves nothing beyond what the signed leg says, and the victim's leg still
/// redeems exactly afterwards.
contract CctpLegAttacksTest is CctpTwoDomains {
    uint256 internal constant AMOUNT_IN = 1_000e6;
    uint256 internal constant REDEEM_FEE = 2e6;
    uint256 internal constant DELIVERED = AMOUNT_IN - REDEEM_FEE;

    address internal beneficiary = makeAddr("beneficiary");
    address internal fallbackAddress = makeAddr("fallback");
    address internal attacker = makeAddr("attacker");
    TestOnlyVault internal vault;

    function setUp() public {
        _deployTwoDomains();
        vault = new TestOnlyVault();
    }

    // ---------------------------------------------------------------- helpers

    function _v2Leg(address to) internal view returns (IJunctionRouter.RouteParams memory p, IJunctionRouter.Step[] memory s) {
        uint256 expected = _v2Out(DELIVERED, address(usdc), weth);
        p = _params(address(usdc), DELIVERED, weth, expected, to);
        s = _one(_v2Step(address(usdc), weth, expected));
    }

    function _victimLeg() internal returns (Leg memory l, uint256 expected) {
        (IJunctionRouter.RouteParams memory p, IJunctionRouter.Step[] memory s) = _v2Leg(beneficiary);
        l = _burn(AMOUNT_IN, REDEEM_FEE, p, s);
        expected = p.minAmountOut;
    }

    function _nonceOf(bytes memory message) internal pure returns (uint64 nonce) {
        assembly {
            nonce := shr(192, mload(add(message, 44))) // 32 (length) + 12
        }
    }

    function _used(bytes memory message) internal view returns (bool) {
        return cctpTransmitter.usedNonces(keccak256(abi.encodePacked(SOURCE_DOMAIN, _nonceOf(message)))) == 1;
    }

    /// @dev USDC and WETH of everyone an attack could pay, and of the contracts that must keep nothing.
    function _balances() internal view returns (uint256[14] memory b) {
        address[7] memory who = [
            user, relayer, attacker, beneficiary, address(receiver), address(router), address(router.executor())
        ];
        for (uint256 i; i < who.length; ++i) {
            b[2 * i] = usdc.balanceOf(who[i]);
            b[2 * i + 1] = IERC20(weth).balanceOf(who[i]);
        }
    }

    function _assertUnchanged(uint256[14] memory before) internal view {
        uint256[14] memory after_ = _balances();
        for (uint256 i; i < after_.length; ++i) {
            assertEq(after_[i], before[i], "an attack moved tokens");
        }
    }

    /// @dev The victim's pair still redeems (both nonces unused) and pays the beneficiary exactly `expected`.
    function _assertStillRedeemable(Leg memory l, uint256 expected) internal {
        assertFalse(_used(l.burnMessage), "the victim's burn was consumed");
        assertFalse(_used(l.legMessage), "the victim's leg was consumed");
        uint256 before = IERC20(weth).balanceOf(beneficiary);
        uint256 receiverUsdc = usdc.balanceOf(address(receiver));
        _redeem(l);
        assertEq(IERC20(weth).balanceOf(beneficiary) - before, expected, "the victim's leg no longer delivers");
        assertEq(usdc.balanceOf(address(receiver)), receiverUsdc, "the receiver kept some of the mint");
        _assertRouterEmpty();
    }

    /// @dev The attacker burns `amount` of his own USDC on the source domain straight through Circle's TokenMessenger,
    /// minting to the receiver and reserved for it (as the adapter burns); returns the attested burn message.
    function _attackersBurnForTheReceiver(uint256 amount) internal returns (bytes memory burnMessage) {
        _fund(address(usdc), attacker, amount);
        vm.startPrank(attacker);
        usdc.approve(address(sourceMessenger), amount);
        vm.recordLogs();
        sourceMessenger.depositForBurnWithCaller(
            amount, CCTP_DOMAIN, _b32(address(receiver)), address(usdc), _b32(address(receiver))
        );
        vm.stopPrank();
        burnMessage = _messagesSent(vm.getRecordedLogs())[0];
    }

    /// @dev A message the attacker sends from his own account on the source domain (Circle attests it like any other).
    function _attackersMessage(bytes32 recipient, bytes32 destinationCaller, bytes memory body)
        internal
        returns (bytes memory message)
    {
        vm.recordLogs();
        vm.prank(attacker);
        sourceTransmitter.sendMessageWithCaller(CCTP_DOMAIN, recipient, destinationCaller, body);
        message = _messagesSent(vm.getRecordedLogs())[0];
    }

    // ---------------------------------------------------------------- someone else's burn for the receiver

    /// @dev The attacker burns his own USDC with mintRecipient = destinationCaller = the receiver (exactly what the
    /// adapter's burn looks like, only messageSender differs) and pairs it with the victim's leg and message, hoping the
    /// victim's route runs on his mint and the victim's burn is left to him. The leg binds the victim's burn nonce:
    /// refused. Nobody else can receive his burn either (it is reserved for the receiver): his own loss only.
    function test_attack_attackersBurnForTheReceiver_withTheVictimsLeg_refused() public {
        (Leg memory l, uint256 expected) = _victimLeg();
        bytes memory attackersBurn = _attackersBurnForTheReceiver(AMOUNT_IN);
        uint256[14] memory before = _balances();
        vm.prank(attacker);
        vm.expectRevert(JunctionCctpReceiver.LegMismatch.selector);
        receiver.redeem(attackersBurn, _attest(attackersBurn), l.legMessage, l.legAttestation, l.message);
        vm.prank(attacker);
        vm.expectRevert(bytes("Invalid caller for message"));
        cctpTransmitter.receiveMessage(attackersBurn, _attest(attackersBurn));
        _assertUnchanged(before);
        _assertStillRedeemable(l, expected);
    }

    /// @dev The attacker's burn for the receiver with a leg of his own making (sent from his account, binding his burn
    /// and a route paying him a fee of everything but 1 unit): the leg is not from the registered adapter. And the
    /// victim's burn with the attacker's leg binding the victim's nonce: refused the same way.
    function test_attack_attackersBurnForTheReceiver_withHisOwnLeg_refused() public {
        (Leg memory l, uint256 expected) = _victimLeg();
        bytes memory attackersBurn = _attackersBurnForTheReceiver(AMOUNT_IN);
        (IJunctionRouter.RouteParams memory ap, IJunctionRouter.Step[] memory as_) = _v2Leg(attacker);
        bytes memory attackersMessage = _legOf(AMOUNT_IN - 1, ap, as_);
        bytes32[2] memory boundNonces = [bytes32(uint256(_nonceOf(attackersBurn))), bytes32(uint256(_nonceOf(l.burnMessage)))];
        bytes[2] memory burns = [attackersBurn, l.burnMessage];
        uint256[14] memory before = _balances();
        for (uint256 k; k < 2; ++k) {
            bytes memory forgedLeg = _attackersMessage(
                _b32(address(receiver)),
                _b32(address(receiver)),
                abi.encode(uint64(uint256(boundNonces[k])), keccak256(attackersMessage))
            );
            vm.prank(attacker);
            vm.expectRevert(
                abi.encodeWithSelector(JunctionCctpReceiver.UnknownRemoteAdapter.selector, SOURCE_DOMAIN, _b32(attacker))
            );
            receiver.redeem(burns[k], _attest(burns[k]), forgedLeg, _attest(forgedLeg), attackersMessage);
        }
        _assertUnchanged(before);
        _assertStillRedeemable(l, expected);
    }

    /// @dev Circle attests any message: the attacker sends a "burn" body (a billion USDC for the receiver) from his own
    /// account to the destination TokenMessenger, reserved for the receiver, and pairs it with the victim's leg. The
    /// receiver does not check the burn's sender itself: Circle's TokenMessenger refuses a message from other than its
    /// registered remote TokenMessenger, so nothing is minted.
    function test_attack_forgedBurnFromTheAttackersAccount_refusedByCirclesTokenMessenger() public {
        (Leg memory l, uint256 expected) = _victimLeg();
        bytes memory forgedBurn = _attackersMessage(
            _b32(address(cctpMessenger)),
            _b32(address(receiver)),
            abi.encodePacked(uint32(0), _b32(address(usdc)), _b32(address(receiver)), uint256(1e15), _b32(attacker))
        );
        uint256[14] memory before = _balances();
        uint256 supply = usdc.totalSupply();
        vm.prank(attacker);
        vm.expectRevert(bytes("Remote TokenMessenger unsupported"));
        receiver.redeem(forgedBurn, _attest(forgedBurn), l.legMessage, l.legAttestation, l.message);
        assertEq(usdc.totalSupply(), supply, "minted");
        _assertUnchanged(before);
        _assertStillRedeemable(l, expected);
    }

    /// @dev USDC burned for the receiver without a leg (an open depositForBurn, minted to it by anyone) is refused by
    /// redeem and, once minted to the receiver, never counts toward another leg: each redeem hands the router exactly
    /// its own mint (a balance delta), as it does with USDC donated to the receiver (the Socket class: a delta that
    /// could be satisfied by what was already there).
    function test_attack_openBurnOrDonationToTheReceiver_neverInflatesALeg() public {
        (Leg memory l, uint256 expected) = _victimLeg();
        _fund(address(usdc), attacker, 2 * AMOUNT_IN);
        vm.startPrank(attacker);
        usdc.approve(address(sourceMessenger), AMOUNT_IN);
        vm.recordLogs();
        sourceMessenger.depositForBurn(AMOUNT_IN, CCTP_DOMAIN, _b32(address(receiver)), address(usdc));
        bytes memory openBurn = _messagesSent(vm.getRecordedLogs())[0];
        vm.expectRevert(JunctionCctpReceiver.NotForThisReceiver.selector);
        receiver.redeem(openBurn, _attest(openBurn), l.legMessage, l.legAttestation, l.message);
        cctpTransmitter.receiveMessage(openBurn, _attest(openBurn));
        usdc.transfer(address(receiver), AMOUNT_IN);
        vm.stopPrank();
        assertEq(usdc.balanceOf(address(receiver)), 2 * AMOUNT_IN, "the attacker's USDC waits in the receiver");
        uint256 relayerBefore = usdc.balanceOf(relayer);
        _assertStillRedeemable(l, expected);
        assertEq(usdc.balanceOf(relayer) - relayerBefore, REDEEM_FEE, "the fee of this leg only");
        assertEq(usdc.balanceOf(address(receiver)), 2 * AMOUNT_IN, "no leg took the stranded USDC");
    }

    // ---------------------------------------------------------------- Circle's replace functions

    /// @dev Circle V1 lets a message's sender re-send it with the same nonce, a new body and a new (even zero)
    /// destination caller, and a burn's depositor name a new mint recipient and caller. The victim's burn (depositor:
    /// the adapter, which has no such function) and leg (sender: the adapter) cannot be replaced by the attacker, nor
    /// the burn through the transmitter directly (its sender is the TokenMessenger).
    function test_attack_replaceTheVictimsBurnOrLeg_refused() public {
        (Leg memory l, uint256 expected) = _victimLeg();
        uint64 nextNonce = sourceTransmitter.nextAvailableNonce();
        vm.startPrank(attacker);
        vm.expectRevert(bytes("Invalid sender for message"));
        sourceMessenger.replaceDepositForBurn(l.burnMessage, l.burnAttestation, bytes32(0), _b32(attacker));
        vm.expectRevert(bytes("Sender not permitted to use nonce"));
        sourceTransmitter.replaceMessage(l.burnMessage, l.burnAttestation, hex"", bytes32(0));
        vm.expectRevert(bytes("Sender not permitted to use nonce"));
        sourceTransmitter.replaceMessage(l.legMessage, l.legAttestation, abi.encode(uint64(0), bytes32(0)), bytes32(0));
        vm.stopPrank();
        assertEq(sourceTransmitter.nextAvailableNonce(), nextNonce, "nothing sent");
        _assertStillRedeemable(l, expected);
    }

    /// @dev The reproduction's replace works for the one it is meant for (so the refusals above are the sender checks):
    /// the attacker replaces his own burn for the receiver by an open one to himself, same nonce; then the receiver's
    /// pair checks refuse it, and whichever version is received first uses the nonce for both.
    function test_replaceDepositForBurn_byItsDepositor_sameNonce_stillUseless() public {
        (Leg memory l, uint256 expected) = _victimLeg();
        bytes memory attackersBurn = _attackersBurnForTheReceiver(AMOUNT_IN);
        vm.recordLogs();
        vm.prank(attacker);
        sourceMessenger.replaceDepositForBurn(attackersBurn, _attest(attackersBurn), bytes32(0), _b32(attacker));
        bytes memory replaced = _messagesSent(vm.getRecordedLogs())[0];
        assertEq(_nonceOf(replaced), _nonceOf(attackersBurn), "same nonce");
        vm.prank(attacker);
        vm.expectRevert(JunctionCctpReceiver.NotForThisReceiver.selector);
        receiver.redeem(replaced, _attest(replaced), l.legMessage, l.legAttestation, l.message);
        uint256 before = usdc.balanceOf(attacker);
        vm.prank(attacker);
        cctpTransmitter.receiveMessage(replaced, _attest(replaced));
        assertEq(usdc.balanceOf(attacker) - before, AMOUNT_IN, "his own burn back, nothing more");
        vm.prank(address(receiver));
        vm.expectRevert(bytes("Nonce already used"));
        cctpTransmitter.receiveMessage(attackersBurn, _attest(attackersBurn));
        _assertStillRedeemable(l, expected);
    }

    // ---------------------------------------------------------------- pairing

    /// @dev Two routes in one source transaction (a contract calling the router twice): burn 1, leg 1, burn 2, leg 2
    /// with consecutive nonces. The crossed pairs (burn 1 with leg 2 and its message, burn 2 with leg 1) are refused;
    /// each burn redeems with its own leg.
    function test_attack_twoBurnsInOneTransaction_crossedPairs_refused() public {
        TestOnlyTwoRoutes twoRoutes = new TestOnlyTwoRoutes();
        (IJunctionRouter.RouteParams memory p1, IJunctionRouter.Step[] memory s1) = _v2Leg(beneficiary);
        p1.minAmountOut = 1; // both legs trade through the same pool
        s1[0].minAmountOut = 1;
        (IJunctionRouter.RouteParams memory p2, IJunctionRouter.Step[] memory s2) = _v2Leg(attacker);
        p2.minAmountOut = 1;
        s2[0].minAmountOut = 1;
        Leg memory first;
        Leg memory second;
        first.message = _legOf(REDEEM_FEE, p1, s1);
        second.message = _legOf(REDEEM_FEE, p2, s2);
        (IJunctionRouter.RouteParams memory sp1, IJunctionRouter.Step[] memory ss1) =
            _sourceRoute(AMOUNT_IN, REDEEM_FEE, first.message, address(receiver));
        (IJunctionRouter.RouteParams memory sp2, IJunctionRouter.Step[] memory ss2) =
            _sourceRoute(AMOUNT_IN, REDEEM_FEE, second.message, address(receiver));
        sp1.receiver = address(twoRoutes);
        sp2.receiver = address(twoRoutes);
        _fund(address(usdc), address(twoRoutes), 2 * AMOUNT_IN);
        vm.recordLogs();
        twoRoutes.run(sourceRouter, usdc, sp1, ss1, sp2, ss2);
        bytes[] memory sent = _messagesSent(vm.getRecordedLogs());
        assertEq(sent.length, 4, "two burns, two legs");
        (first.burnMessage, first.legMessage, second.burnMessage, second.legMessage) = (sent[0], sent[1], sent[2], sent[3]);
        first.burnAttestation = _attest(first.burnMessage);
        first.legAttestation = _attest(first.legMessage);
        second.burnAttestation = _attest(second.burnMessage);
        second.legAttestation = _attest(second.legMessage);
        uint256[14] memory before = _balances();
        vm.startPrank(attacker);
        vm.expectRevert(JunctionCctpReceiver.LegMismatch.selector);
        receiver.redeem(first.burnMessage, first.burnAttestation, second.legMessage, second.legAttestation, second.message);
        vm.expectRevert(JunctionCctpReceiver.LegMismatch.selector);
        receiver.redeem(second.burnMessage, second.burnAttestation, first.legMessage, first.legAttestation, first.message);
        // the leg passed as the burn and the burn as the leg, or one message twice
        vm.expectRevert(JunctionCctpReceiver.MalformedMessage.selector);
        receiver.redeem(first.legMessage, first.legAttestation, first.burnMessage, first.burnAttestation, first.message);
        vm.expectRevert(JunctionCctpReceiver.MalformedMessage.selector);
        receiver.redeem(first.burnMessage, first.burnAttestation, first.burnMessage, first.burnAttestation, first.message);
        vm.stopPrank();
        _assertUnchanged(before);
        uint256 attackerWeth = IERC20(weth).balanceOf(attacker);
        _assertStillRedeemable(first, _v2Out(DELIVERED, address(usdc), weth));
        _redeem(second);
        assertGt(IERC20(weth).balanceOf(attacker), attackerWeth, "the second leg pays its own receiver");
    }

    /// @dev A route cannot make two burns: the router stops at its first bridge step (later steps are for the next
    /// chain), so one route sends one burn and one leg whatever follows.
    function test_twoBridgeStepsInOneRoute_onlyTheFirstBurns() public {
        (IJunctionRouter.RouteParams memory p, IJunctionRouter.Step[] memory s) = _v2Leg(beneficiary);
        bytes memory message = _legOf(REDEEM_FEE, p, s);
        (IJunctionRouter.RouteParams memory sp, IJunctionRouter.Step[] memory one) =
            _sourceRoute(AMOUNT_IN, REDEEM_FEE, message, address(receiver));
        IJunctionRouter.Step[] memory two = new IJunctionRouter.Step[](2);
        two[0] = one[0];
        two[1] = one[0];
        _fund(address(usdc), user, 2 * AMOUNT_IN);
        vm.prank(user);
        usdc.approve(address(sourceRouter), 2 * AMOUNT_IN);
        uint64 nonce = sourceTransmitter.nextAvailableNonce();
        vm.prank(user);
        sourceRouter.executeRoute(sp, two);
        assertEq(sourceTransmitter.nextAvailableNonce(), nonce + 2, "one burn and one leg");
        assertEq(usdc.balanceOf(user), AMOUNT_IN, "one amount burned");
    }

    /// @dev The receiver is deployed by CREATE2 at one address on every chain, and Circle's contracts may share
    /// addresses across chains too: the pair for this domain, redeemed on a chain of another domain where every
    /// contract sits at the same address (the transmitter's code swapped for one whose local domain is 7, its attesters
    /// and used nonces kept), is refused by that chain's transmitter.
    function test_attack_replayOnAnotherDomain_refused() public {
        (Leg memory l, uint256 expected) = _victimLeg();
        TestOnlyCctpMessageTransmitter otherDomain = new TestOnlyCctpMessageTransmitter(7, vm.addr(cctpAttesterKey), 8192, 0);
        bytes memory code = address(cctpTransmitter).code;
        vm.etch(address(cctpTransmitter), address(otherDomain).code);
        assertEq(cctpTransmitter.localDomain(), 7);
        uint256[14] memory before = _balances();
        vm.prank(attacker);
        vm.expectRevert(bytes("Invalid destination domain"));
        receiver.redeem(l.burnMessage, l.burnAttestation, l.legMessage, l.legAttestation, l.message);
        _assertUnchanged(before);
        vm.etch(address(cctpTransmitter), code);
        _assertStillRedeemable(l, expected);
    }

    /// @dev A registered sender that sends a leg whose fee is not below the mint (the adapter refuses it at the source;
    /// here an owner-registered sender that does not): the receiver refuses it and the whole redeem reverts, both
    /// nonces unused, so nothing of the mint is paid as fee.
    function test_attack_legWithAFeeNotBelowTheMint_refusedAtTheReceiver() public {
        address rogue = makeAddr("rogueRegisteredSender");
        vm.prank(receiverOwner);
        receiver.setRemoteAdapter(SOURCE_DOMAIN, _b32(rogue));
        (IJunctionRouter.RouteParams memory p, IJunctionRouter.Step[] memory s) = _v2Leg(rogue);
        uint256[2] memory fees = [AMOUNT_IN, AMOUNT_IN + 1];
        _fund(address(usdc), rogue, AMOUNT_IN);
        for (uint256 k; k < fees.length; ++k) {
            bytes memory message = _legOf(fees[k], p, s);
            vm.startPrank(rogue);
            usdc.approve(address(sourceMessenger), AMOUNT_IN);
            vm.recordLogs();
            uint64 burnNonce = sourceMessenger.depositForBurnWithCaller(
                AMOUNT_IN, CCTP_DOMAIN, _b32(address(receiver)), address(usdc), _b32(address(receiver))
            );
            sourceTransmitter.sendMessageWithCaller(
                CCTP_DOMAIN, _b32(address(receiver)), _b32(address(receiver)), abi.encode(burnNonce, keccak256(message))
            );
            vm.stopPrank();
            bytes[] memory sent = _messagesSent(vm.getRecordedLogs());
            uint256[14] memory before = _balances();
            vm.prank(attacker);
            vm.expectRevert(abi.encodeWithSelector(JunctionCctpReceiver.RedeemFeeTooHigh.selector, fees[k], AMOUNT_IN));
            receiver.redeem(sent[0], _attest(sent[0]), sent[1], _attest(sent[1]), message);
            _assertUnchanged(before);
            assertFalse(_used(sent[0]), "burn consumed");
            assertFalse(_used(sent[1]), "leg consumed");
            if (k == 0) {
                // give the rogue back the amount burned so the second round burns as much
                _fund(address(usdc), rogue, AMOUNT_IN);
            }
        }
    }

    // ---------------------------------------------------------------- the relayer's choices

    /// @dev A front-runner (or a griefing relayer) redeems the victim's pair with the gas of his choice, from a little
    /// to plenty: each redeem either reverts as a whole (nothing moves, both nonces stay unused) or delivers the leg
    /// exactly as signed. No gas makes the leg fall back to the bridged USDC (the router's under-gassed rule: its 300,000
    /// for one step with the 1/64 rule, the executor's own check for the call), and the runner's only gain is the fee.
    function test_attack_griefingGas_neverForcesTheFallback_v3Leg() public {
        uint256 expected = _v3Out(DELIVERED, address(usdc), weth);
        IJunctionRouter.RouteParams memory p = _params(address(usdc), DELIVERED, weth, expected, beneficiary);
        Leg memory l = _burn(AMOUNT_IN, REDEEM_FEE, p, _one(_v3Step(address(usdc), weth, expected)));
        uint256 delivered = _scanGas(l, 250_000, 650_000, 397);
        assertEq(delivered, expected);
    }

    function test_attack_griefingGas_neverForcesTheFallback_legWithCall() public {
        (IJunctionRouter.RouteParams memory p, IJunctionRouter.Step[] memory s) = _v2Leg(address(vault));
        p.destinationCallData = abi.encodeCall(TestOnlyVault.depositAllowance, (weth, beneficiary));
        p.destinationGasLimit = 300_000;
        p.fallbackAddress = fallbackAddress;
        Leg memory l = _burn(AMOUNT_IN, REDEEM_FEE, p, s);
        _scanGas(l, 400_000, 1_000_000, 499);
        assertEq(vault.credit(weth, beneficiary), p.minAmountOut, "the call ran with its gas");
        assertEq(IERC20(weth).balanceOf(fallbackAddress), 0);
        assertEq(usdc.balanceOf(fallbackAddress), 0);
    }

    /// @dev Redeems `l` as the attacker with gas from `lo` up by `step` until one succeeds; every failed attempt moved
    /// nothing and left both nonces unused; the success paid the attacker the fee and no fallback. Returns the WETH the
    /// beneficiary got.
    function _scanGas(Leg memory l, uint256 lo, uint256 hi, uint256 step) internal returns (uint256 delivered) {
        uint256[14] memory before = _balances();
        uint256 weth0 = IERC20(weth).balanceOf(beneficiary);
        bytes memory call = abi.encodeCall(
            JunctionCctpReceiver.redeem, (l.burnMessage, l.burnAttestation, l.legMessage, l.legAttestation, l.message)
        );
        for (uint256 g = lo; g <= hi; g += step) {
            vm.recordLogs();
            vm.prank(attacker);
            (bool ok,) = address(receiver).call{gas: g}(call);
            Vm.Log[] memory logs = vm.getRecordedLogs();
            for (uint256 i; i < logs.length; ++i) {
                assertTrue(
                    logs[i].emitter != address(router) || logs[i].topics[0] != JunctionRouter.DestinationFallback.selector,
                    "the gas forced the fallback"
                );
            }
            if (!ok) {
                _assertUnchanged(before);
                assertFalse(_used(l.burnMessage) || _used(l.legMessage), "a reverted redeem consumed a nonce");
                continue;
            }
            assertEq(usdc.balanceOf(attacker) - before[4], REDEEM_FEE, "the runner's fee only");
            assertEq(usdc.balanceOf(beneficiary), before[6], "the bridged USDC went to the receiver");
            assertEq(usdc.balanceOf(address(receiver)), 0);
            _assertRouterEmpty();
            return IERC20(weth).balanceOf(beneficiary) - weth0;
        }
        revert("no gas in the range redeemed");
    }

    // ---------------------------------------------------------------- legs only the signer can strand

    /// @dev What the source adapter cannot see: the destination router's and executor's addresses (the router's
    /// CREATE2 address differs per chain, its WETH and Permit2 are constructor arguments) and the destination's block gas
    /// limit. A leg naming that router as receiver, the executor as fallback, or a gas need no block can carry makes the
    /// router revert on every redeem: the burn waits forever (reserved for the receiver). Only the route's signer (who
    /// signs the step data, mode 3, or sends it, mode 0) or Junction's registered mode-2 relayer writes the leg, and
    /// Junction's builder caps destinationGasLimit (RouteCall.MAX_DESTINATION_GAS): so a stranded burn is the signer's
    /// own, never a third party's doing. Each such redeem reverts as a whole and moves nothing.
    function test_legOnlyTheSignerCanStrand_everyRedeemRevertsAndMovesNothing() public {
        address executor = address(router.executor());
        IJunctionRouter.RouteParams[4] memory legs;
        IJunctionRouter.Step[] memory s;
        (legs[0], s) = _v2Leg(address(router));
        (legs[1], s) = _v2Leg(address(vault));
        legs[1].destinationCallData = abi.encodeCall(TestOnlyVault.depositAllowance, (weth, beneficiary));
        legs[1].destinationGasLimit = 300_000;
        legs[1].fallbackAddress = executor;
        (legs[2], s) = _v2Leg(beneficiary);
        legs[2].destinationCallData = hex"01";
        legs[2].destinationGasLimit = type(uint256).max; // the router's gas need overflows
        legs[2].fallbackAddress = fallbackAddress;
        (legs[3], s) = _v2Leg(beneficiary);
        legs[3].destinationCallData = hex"01";
        legs[3].destinationGasLimit = 1_000_000_000; // no block carries it
        legs[3].fallbackAddress = fallbackAddress;
        bytes4[4] memory reasons = [
            IJunctionRouter.InvalidRecipient.selector,
            IJunctionRouter.InvalidRecipient.selector,
            bytes4(0x4e487b71), // Panic(uint256): arithmetic overflow
            JunctionRouter.InsufficientDestinationGas.selector
        ];
        for (uint256 k; k < legs.length; ++k) {
            Leg memory l = _burn(AMOUNT_IN, REDEEM_FEE, legs[k], s);
            uint256[14] memory before = _balances();
            vm.prank(attacker);
            (bool ok, bytes memory reason) = address(receiver).call{gas: 25_000_000}(
                abi.encodeCall(
                    JunctionCctpReceiver.redeem, (l.burnMessage, l.burnAttestation, l.legMessage, l.legAttestation, l.message)
                )
            );
            assertFalse(ok, "a stranded leg redeemed");
            assertEq(bytes4(reason), reasons[k], "the router's refusal");
            _assertUnchanged(before);
            assertFalse(_used(l.burnMessage) || _used(l.legMessage), "a reverted redeem consumed a nonce");
        }
    }

    // ---------------------------------------------------------------- a hostile token on the leg's path

    /// @dev The victim's leg USDC -> HOSTILE -> WETH through two V2 pairs, burned; returns the leg and the token.
    function _hostileLeg() internal returns (Leg memory l, TestOnlyHostileToken hostile) {
        hostile = new TestOnlyHostileToken();
        _v2Pair(address(usdc), address(hostile), 1_000_000e6, 1_000_000e18);
        _v2Pair(address(hostile), weth, 1_000_000e18, 300 ether);
        IJunctionRouter.Step[] memory s = new IJunctionRouter.Step[](2);
        s[0] = _v2Step(address(usdc), address(hostile), 1);
        s[1] = _v2Step(address(hostile), weth, 1);
        l = _burn(AMOUNT_IN, REDEEM_FEE, _params(address(usdc), DELIVERED, weth, 1, beneficiary), s);
    }

    function _redeemCall(Leg memory l) internal pure returns (bytes memory) {
        return abi.encodeCall(
            JunctionCctpReceiver.redeem, (l.burnMessage, l.burnAttestation, l.legMessage, l.legAttestation, l.message)
        );
    }

    /// @dev REAL WEAKNESS, fixed in the receiver. The hostile token's owner arms it after the victim's burn: when the
    /// router reads its balance, it reverts with as much revert data as its gas pays for. The router copies it in
    /// executeHeld and runs out there, which its catch reads as an under-gassed fill (1/64 left): InsufficientDestination
    /// Gas at every gas up to a block's. Across would refund an unfillable deposit; a CCTP burn has no refund and is
    /// reserved for the receiver, so before the fix the USDC waited forever. Now: below the leg's cap (the router's need
    /// plus LEG_GAS_MARGIN) the redeem still reverts as a whole (a relayer retries with more gas), moving nothing; with
    /// the cap the receiver pays the bridged USDC to the leg's receiver, as the router does for a leg that cannot run.
    function test_attack_hostileTokenReturnBomb_cannotStrandTheBurn() public {
        (Leg memory l, TestOnlyHostileToken hostile) = _hostileLeg();
        hostile.armBomb(address(router));
        uint256 gasCap = 2 * 100_000 + 100_000 + receiver.LEG_GAS_MARGIN();
        uint256[14] memory before = _balances();
        uint256[3] memory tooLittle = [uint256(1_000_000), 2_000_000, gasCap];
        for (uint256 k; k < tooLittle.length; ++k) {
            vm.prank(relayer);
            (bool ok,) = address(receiver).call{gas: tooLittle[k]}(_redeemCall(l));
            assertFalse(ok, "redeemed below the cap");
            _assertUnchanged(before);
            assertFalse(_used(l.burnMessage) || _used(l.legMessage), "a reverted redeem consumed a nonce");
        }
        vm.expectEmit(address(receiver));
        emit JunctionCctpReceiver.CctpLegFallback(keccak256("quote"), beneficiary, address(usdc), DELIVERED);
        vm.prank(relayer);
        (bool redeemed,) = address(receiver).call{gas: gasCap + gasCap / 50 + 300_000}(_redeemCall(l));
        assertTrue(redeemed, "the burn is stranded");
        assertEq(usdc.balanceOf(beneficiary) - before[6], DELIVERED, "the bridged USDC to the leg's receiver");
        assertEq(usdc.balanceOf(relayer) - before[2], REDEEM_FEE);
        assertEq(IERC20(weth).balanceOf(beneficiary), before[7]);
        assertEq(usdc.balanceOf(address(receiver)), 0);
        _assertRouterEmpty();
        assertTrue(_used(l.burnMessage) && _used(l.legMessage));
    }

    /// @dev With a destination call the fallback address, not the call's target, gets the bridged USDC.
    function test_attack_hostileTokenReturnBomb_legWithCall_fallbackAddressPaid() public {
        TestOnlyHostileToken hostile = new TestOnlyHostileToken();
        _v2Pair(address(usdc), address(hostile), 1_000_000e6, 1_000_000e18);
        IJunctionRouter.RouteParams memory p = _params(address(usdc), DELIVERED, address(hostile), 1, address(vault));
        p.destinationCallData = abi.encodeCall(TestOnlyVault.depositAllowance, (address(hostile), beneficiary));
        p.destinationGasLimit = 300_000;
        p.fallbackAddress = fallbackAddress;
        Leg memory l = _burn(AMOUNT_IN, REDEEM_FEE, p, _one(_v2Step(address(usdc), address(hostile), 1)));
        hostile.armBomb(address(router));
        uint256 gasCap = 300_000 + 100_000 + 100_000 + receiver.LEG_GAS_MARGIN();
        vm.prank(relayer);
        vm.expectRevert();
        receiver.redeem{gas: gasCap}(l.burnMessage, l.burnAttestation, l.legMessage, l.legAttestation, l.message);
        vm.prank(relayer);
        receiver.redeem{gas: gasCap + gasCap / 50 + 300_000}(
            l.burnMessage, l.burnAttestation, l.legMessage, l.legAttestation, l.message
        );
        assertEq(usdc.balanceOf(fallbackAddress), DELIVERED);
        assertEq(usdc.balanceOf(address(vault)), 0);
        assertEq(hostile.balanceOf(address(vault)), 0);
        assertEq(usdc.balanceOf(address(receiver)), 0);
        _assertRouterEmpty();
    }

    /// @dev The fallback is only for gas: a leg the router refuses outright (here its receiver is the router) still
    /// reverts with the router's reason at any gas, moving nothing; and a plain leg given the cap runs normally.
    function test_legRefusedByTheRouter_noFallbackEvenWithTheCap() public {
        (IJunctionRouter.RouteParams memory p, IJunctionRouter.Step[] memory s) = _v2Leg(address(router));
        Leg memory l = _burn(AMOUNT_IN, REDEEM_FEE, p, s);
        uint256[14] memory before = _balances();
        vm.prank(attacker);
        vm.expectRevert(abi.encodeWithSelector(IJunctionRouter.InvalidRecipient.selector, address(router)));
        receiver.redeem{gas: 10_000_000}(l.burnMessage, l.burnAttestation, l.legMessage, l.legAttestation, l.message);
        _assertUnchanged(before);
        (Leg memory v, uint256 expected) = _victimLeg();
        vm.prank(relayer);
        receiver.redeem{gas: 10_000_000}(v.burnMessage, v.burnAttestation, v.legMessage, v.legAttestation, v.message);
        assertEq(IERC20(weth).balanceOf(beneficiary), expected);
    }

    /// @dev The hostile token re-enters on every transfer of the leg: the receiver's redeem (another pending pair), its
    /// runLeg and handleReceiveMessage, the router as a bridge messenger, and Circle's transmitter with the other pair's
    /// leg. None succeeds; the token swallows the failures, the leg completes and the other pair still redeems.
    function test_attack_hostileTokenReentersEverything_nothingSucceeds() public {
        (Leg memory l, TestOnlyHostileToken hostile) = _hostileLeg();
        (IJunctionRouter.RouteParams memory vp, IJunctionRouter.Step[] memory vs) = _v2Leg(beneficiary);
        vp.minAmountOut = 1;
        vs[0].minAmountOut = 1;
        Leg memory other = _burn(AMOUNT_IN, REDEEM_FEE, vp, vs);
        _fund(address(usdc), address(hostile), DELIVERED);
        address[5] memory targets =
            [address(receiver), address(receiver), address(receiver), address(router), address(cctpTransmitter)];
        bytes[5] memory calls_ = [
            _redeemCall(other),
            abi.encodeCall(JunctionCctpReceiver.runLeg, (address(usdc), DELIVERED, attacker, abi.encode(vp, vs))),
            abi.encodeCall(JunctionCctpReceiver.handleReceiveMessage, (SOURCE_DOMAIN, _b32(address(sourceAdapter)), hex"")),
            abi.encodeCall(JunctionRouter.handleV3AcrossMessage, (address(usdc), DELIVERED, attacker, abi.encode(vp, vs))),
            abi.encodeCall(TestOnlyCctpMessageTransmitter.receiveMessage, (other.legMessage, other.legAttestation))
        ];
        address[] memory t = new address[](5);
        bytes[] memory c = new bytes[](5);
        for (uint256 i; i < 5; ++i) {
            (t[i], c[i]) = (targets[i], calls_[i]);
        }
        hostile.armReentry(t, c);
        uint256 wethBefore = IERC20(weth).balanceOf(beneficiary);
        _redeem(l);
        assertGt(hostile.reentriesTried(), 0, "the token never re-entered");
        assertEq(hostile.reentriesSucceeded(), 0, "a re-entry succeeded");
        assertGt(IERC20(weth).balanceOf(beneficiary), wethBefore, "the leg completed");
        assertEq(usdc.balanceOf(address(hostile)), DELIVERED, "the token's own USDC only");
        assertEq(usdc.balanceOf(address(receiver)), 0);
        _assertRouterEmpty();
        hostile.disarm();
        uint256 wethMid = IERC20(weth).balanceOf(beneficiary);
        _redeem(other);
        assertGt(IERC20(weth).balanceOf(beneficiary), wethMid, "the other pair no longer redeems");
    }

    /// @dev runLeg hands the receiver's USDC to the router with any route: only the receiver may call it.
    function test_attack_runLegCalledDirectly_refused() public {
        _fund(address(usdc), address(receiver), AMOUNT_IN); // USDC stranded in the receiver
        (IJunctionRouter.RouteParams memory p, IJunctionRouter.Step[] memory s) = _v2Leg(attacker);
        address[2] memory callers = [attacker, address(router)];
        for (uint256 k; k < callers.length; ++k) {
            vm.prank(callers[k]);
            vm.expectRevert(abi.encodeWithSelector(JunctionCctpReceiver.OnlySelf.selector, callers[k]));
            receiver.runLeg(address(usdc), AMOUNT_IN, attacker, abi.encode(p, s));
        }
        assertEq(usdc.balanceOf(address(receiver)), AMOUNT_IN);
    }

    /// @dev The receiver's cap mirrors the router's gas need for a leg.
    function test_legGasCapMirrorsTheRoutersNeed() public view {
        assertEq(router.DESTINATION_STEP_GAS(), 100_000);
        assertEq(router.DESTINATION_BASE_GAS(), 100_000);
    }
}
