package dev.junction.chainmarket;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.junction.chain.Address;
import java.math.BigInteger;
import java.util.ArrayList;
import java.util.HexFormat;
import java.util.List;
import java.util.Random;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import org.junit.jupiter.api.Test;

/**
 * The ABI helpers chain mode's cold load runs thousands of times: the same bytes as the straightforward encoding
 * (a reference copy below, over BigInteger and string concatenation), and {@code aggregate3}'s results decoded back.
 */
class AbiProperties {

    @Property(tries = 300)
    void wordsAndAggregate3EqualTheReferenceEncoding(@ForAll Random random) {
        long v = random.nextInt(4) == 0 ? random.nextLong() : random.nextInt(1 << 20);
        assertThat(Abi.word(v)).isEqualTo(referenceWord(BigInteger.valueOf(v)));
        BigInteger big = new BigInteger(random.nextInt(256) + 1, random);
        BigInteger signed = random.nextBoolean() ? big : big.shiftRight(1).negate();
        assertThat(Abi.word(signed)).isEqualTo(referenceWord(signed));
        List<Abi.Call> calls = calls(random);
        assertThat(Abi.aggregate3(calls)).isEqualTo(referenceAggregate3(calls));
    }

    @Property(tries = 300)
    void aggregate3ResultsDecodeEachCallsReturnDataOrAFailure(@ForAll Random random) {
        List<String> results = new ArrayList<>();
        for (int i = 0; i < random.nextInt(20); i++) {
            if (random.nextInt(5) == 0) {
                results.add(null);
            } else {
                byte[] data = new byte[random.nextInt(100)];
                random.nextBytes(data);
                results.add("0x" + HexFormat.of().formatHex(data));
            }
        }
        assertThat(Abi.aggregate3Results(encodeResults(results))).isEqualTo(results);
    }

    @Test
    void zeroWordsAndOversizedValues() {
        assertThat(Abi.zeroWord("0x" + "0".repeat(64), 0)).isTrue();
        assertThat(Abi.zeroWord("0x" + "0".repeat(63) + "1", 0)).isFalse();
        assertThat(Abi.zeroWord("0x" + "0".repeat(64) + "0".repeat(64), 1)).isTrue();
        assertThat(Abi.zeroWord("0x", 0)).isFalse();
        assertThatThrownBy(() -> Abi.word(BigInteger.ONE.shiftLeft(256))).isInstanceOf(IllegalArgumentException.class);
        String oversized = "0x" + Abi.word(32) + "f".repeat(64);
        assertThatThrownBy(() -> Abi.aggregate3Results(oversized)).isInstanceOf(IllegalArgumentException.class);
    }

    static List<Abi.Call> calls(Random random) {
        List<Abi.Call> calls = new ArrayList<>();
        for (int i = 0; i < random.nextInt(12); i++) {
            byte[] address = new byte[20];
            random.nextBytes(address);
            StringBuilder data = new StringBuilder("0x").append(Abi.selector("f(uint256)"));
            for (int w = 0; w < random.nextInt(4); w++) {
                data.append(Abi.word(random.nextInt(1000)));
            }
            if (random.nextBoolean()) {
                data.append("ab".repeat(random.nextInt(40)));
            }
            calls.add(new Abi.Call(Address.evm("0x" + HexFormat.of().formatHex(address)), data.toString()));
        }
        return calls;
    }

    /** The encoding as first written. */
    static String referenceWord(BigInteger v) {
        BigInteger u = v.signum() < 0 ? v.add(Abi.TWO_256) : v;
        String h = u.toString(16);
        return "0".repeat(64 - h.length()) + h;
    }

    static String referenceAggregate3(List<Abi.Call> calls) {
        StringBuilder head = new StringBuilder();
        StringBuilder tail = new StringBuilder();
        int offset = calls.size() * 32;
        List<String> tuples = new ArrayList<>();
        for (Abi.Call c : calls) {
            String data = Abi.strip(c.data());
            int len = data.length() / 2;
            int padded = (len + 31) / 32 * 32;
            tuples.add("0".repeat(24) + c.target().lower().substring(2) + referenceWord(BigInteger.ONE)
                    + referenceWord(BigInteger.valueOf(96)) + referenceWord(BigInteger.valueOf(len)) + data
                    + "0".repeat((padded - len) * 2));
        }
        for (String t : tuples) {
            head.append(referenceWord(BigInteger.valueOf(offset)));
            offset += t.length() / 2;
            tail.append(t);
        }
        return "0x" + Abi.selector("aggregate3((address,bool,bytes)[])") + referenceWord(BigInteger.valueOf(32))
                + referenceWord(BigInteger.valueOf(calls.size())) + head + tail;
    }

    /** aggregate3's return value, (bool success, bytes returnData)[], as Multicall3 encodes it. */
    static String encodeResults(List<String> results) {
        StringBuilder head = new StringBuilder();
        StringBuilder tail = new StringBuilder();
        int offset = results.size() * 32;
        for (String r : results) {
            String data = r == null ? "" : Abi.strip(r);
            int len = data.length() / 2;
            int padded = (len + 31) / 32 * 32;
            String tuple = referenceWord(BigInteger.valueOf(r == null ? 0 : 1)) + referenceWord(BigInteger.valueOf(64))
                    + referenceWord(BigInteger.valueOf(len)) + data + "0".repeat((padded - len) * 2);
            head.append(referenceWord(BigInteger.valueOf(offset)));
            offset += tuple.length() / 2;
            tail.append(tuple);
        }
        return "0x" + referenceWord(BigInteger.valueOf(32)) + referenceWord(BigInteger.valueOf(results.size())) + head
                + tail;
    }
}
