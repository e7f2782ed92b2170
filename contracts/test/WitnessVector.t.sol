// SPDX-License-Identifier: MIT
pragma solidity 0.8.28;

import {Test} from "forge-std/Test.sol";
import {JunctionRouter} from "../src/JunctionRouter.sol";
import {IJunctionRouter} from "../src/IJunctionRouter.sol";
import {ISignatureTransfer, IWETH9} from "../src/interfaces/IJunctionAdapter.sol";

/// @notice Java's calldata module and the contract agree: the golden calldata Java builds decodes as
/// executeRoute(RouteParams, Step[]), and routeWitness of it equals the mode-3 witness hash Java writes next to it
/// (RouteWitnessGoldenTest), i.e. the typed data wallets sign is the one Permit2 verifies for this router.
contract WitnessVectorTest is Test {
    string internal constant DIR = "../src/test/resources/calldata/";

    JunctionRouter internal router;

    function setUp() public {
        router = new JunctionRouter(address(this), ISignatureTransfer(address(0)), IWETH9(address(0)));
    }

    /// @dev External so the calldata is calldata (routeWitness takes calldata structs).
    function witnessOf(bytes calldata executeRouteCall) external view returns (bytes32) {
        require(bytes4(executeRouteCall[:4]) == IJunctionRouter.executeRoute.selector, "not executeRoute");
        (IJunctionRouter.RouteParams memory p, IJunctionRouter.Step[] memory s) =
            abi.decode(executeRouteCall[4:], (IJunctionRouter.RouteParams, IJunctionRouter.Step[]));
        return router.routeWitness(p, s);
    }

    function _check(string memory name) internal view {
        bytes memory data = vm.parseBytes(vm.trim(vm.readFile(string.concat(DIR, name, ".hex"))));
        bytes32 expected = vm.parseBytes32(vm.trim(vm.readFile(string.concat(DIR, name, ".witness"))));
        assertEq(this.witnessOf(data), expected, name);
    }

    function test_javaWitnessEqualsRouteWitness_oneV3Swap() public view {
        _check("uniswap-v3-usdc-weth");
    }

    function test_javaWitnessEqualsRouteWitness_acrossThenSwapWithDestinationCall() public view {
        _check("across-then-sushiswap-with-destination-call");
    }

    function test_witnessTypehashIsTheTypeInTheWitnessTypeString() public view {
        assertEq(
            router.WITNESS_TYPE_STRING(),
            string.concat(
                "JunctionRoute witness)",
                "JunctionRoute(bytes32 quoteId,address inputToken,uint256 amountIn,address outputToken,uint256 minAmountOut,",
                "address receiver,uint256 deadline,uint256 feeBps,address feeRecipient,bytes32 destinationCall,",
                "address fallbackAddress,bytes32 steps)",
                "TokenPermissions(address token,uint256 amount)"
            )
        );
        assertEq(
            router.WITNESS_TYPEHASH(),
            keccak256(
                "JunctionRoute(bytes32 quoteId,address inputToken,uint256 amountIn,address outputToken,uint256 minAmountOut,address receiver,uint256 deadline,uint256 feeBps,address feeRecipient,bytes32 destinationCall,address fallbackAddress,bytes32 steps)"
            )
        );
    }
}
