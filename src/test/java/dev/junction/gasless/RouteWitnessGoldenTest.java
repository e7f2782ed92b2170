package dev.junction.gasless;

import static org.assertj.core.api.Assertions.assertThat;

import dev.junction.calldata.GoldenRoutes;
import dev.junction.calldata.RouteCall;
import dev.junction.calldata.TransactionBuilder;
import dev.junction.chain.Address;
import dev.junction.chain.ChainId;
import dev.junction.chain.Hex;
import java.math.BigInteger;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.web3j.crypto.Hash;

/**
 * The mode-3 witness of golden routes, written next to their calldata ({@code <name>.witness}); the forge test
 * {@code contracts/test/WitnessVector.t.sol} decodes the golden calldata and checks {@code JunctionRouter.routeWitness}
 * gives the same hash, so the typed data Junction hands to wallets and the contract cannot drift apart. Regenerate
 * with {@code -Dcalldata.golden.update=true}.
 */
class RouteWitnessGoldenTest {

    static final Path DIR = Path.of("src/test/resources/calldata");
    static final List<String> CASES = List.of("uniswap-v3-usdc-weth", "across-then-sushiswap-with-destination-call");

    @Test
    void witnessHashesMatchTheGoldenFiles() throws Exception {
        TransactionBuilder builder = new TransactionBuilder();
        for (String name : CASES) {
            RouteCall call = GoldenRoutes.get(name);
            String witness = Hex.encode(RouteWitness.of(call, builder).hash());
            Path file = DIR.resolve(name + ".witness");
            if (Boolean.getBoolean("calldata.golden.update")) {
                Files.writeString(file, witness + "\n");
            }
            assertThat(Files.readString(file).trim()).as(name).isEqualTo(witness);
        }
    }

    @Test
    void theTypeIsPermit2sStubFollowedByTheRoutersWitnessTypeString() {
        RouteCall call = GoldenRoutes.get("uniswap-v3-usdc-weth");
        RouteWitness w = RouteWitness.of(call, new TransactionBuilder());
        PermitWitnessTransferFrom<RouteWitness> permit = new PermitWitnessTransferFrom<>(new TokenPermissions(call.inputToken(), call.amountIn()), call.router(), BigInteger.ONE,
                BigInteger.valueOf(call.deadline()), w);
        String stub = "PermitWitnessTransferFrom(TokenPermissions permitted,address spender,uint256 nonce,uint256 deadline,";
        assertThat(Eip712Encoder.encodeType(permit)).isEqualTo(stub + RouteWitness.WITNESS_TYPE_STRING);
        assertThat(new Permit2TypedData(Eip712Domain.permit2(ChainId.of(1)), permit).types().keySet()).containsExactly("PermitWitnessTransferFrom", "JunctionRoute", "TokenPermissions");
        assertThat(Hex.encode(Eip712Encoder.typeHash(w))).isEqualTo(Hex.encode(Hash.sha3(
                RouteWitness.WITNESS_TYPE_STRING.substring("JunctionRoute witness)".length(),
                        RouteWitness.WITNESS_TYPE_STRING.indexOf("TokenPermissions")).getBytes())));
        assertThat(w.receiver()).isEqualTo(TransactionBuilder.evmAddress(call.receiver()));
        assertThat(w.feeRecipient()).isEqualTo(call.feeBps() == 0 ? Address.ZERO : call.feeRecipient());
    }
}
