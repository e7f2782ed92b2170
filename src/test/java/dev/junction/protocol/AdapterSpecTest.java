package dev.junction.protocol;

import static dev.junction.chain.abi.Abi.address;
import static dev.junction.chain.abi.Abi.addressArray;
import static org.assertj.core.api.Assertions.assertThat;

import dev.junction.chain.Address;
import dev.junction.chain.abi.Abi;
import java.nio.ByteBuffer;
import java.util.List;
import org.junit.jupiter.api.Test;

class AdapterSpecTest {

    private static final Address ROUTER = Address.evm("0x1111111111111111111111111111111111111111");
    private static final Address POOL_MANAGER = Address.evm("0x2222222222222222222222222222222222222222");
    private static final Address HOOK = Address.evm("0x3333333333333333333333333333333333333333");

    /** The router's word prepended to a room's arguments is the encoding of the whole constructor call. */
    @Test
    void argumentsAfterARouterWordEncodeTheWholeCallEvenWithADynamicArgument() {
        byte[] rest = AdapterSpec.argumentsAfterRouter(address(POOL_MANAGER), addressArray(List.of(HOOK)));
        byte[] prepended = ByteBuffer.allocate(32 + rest.length).put(Abi.encode(address(ROUTER))).put(rest).array();

        assertThat(prepended)
                .isEqualTo(Abi.encode(address(ROUTER), address(POOL_MANAGER), addressArray(List.of(HOOK))));
    }

    @Test
    void staticArgumentsAreTheirPlainEncoding() {
        assertThat(AdapterSpec.argumentsAfterRouter(address(POOL_MANAGER))).isEqualTo(Abi.encode(address(POOL_MANAGER)));
    }
}
