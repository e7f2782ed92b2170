package dev.junction.api;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** The catalogue is exactly the table (plus 3007 from the calldata issue, 1012-1014 from issue 40); codes are unique. */
class ErrorCodeTest {

    @Test
    void theCatalogueIsTheDocumentedTable() {
        Map<Integer, String> expected = new LinkedHashMap<>();
        String table = """
                1001 MISSING_PARAMETER 400
                1002 INVALID_PARAMETER 400
                1003 INVALID_ADDRESS 400
                1004 INVALID_AMOUNT 400
                1005 UNSUPPORTED_CHAIN 400
                1006 UNSUPPORTED_TOKEN 400
                1007 MALFORMED_BODY 400
                1008 BODY_TOO_LARGE 413
                1009 UNSUPPORTED_MEDIA_TYPE 415
                1010 NOT_FOUND 404
                1011 METHOD_NOT_ALLOWED 405
                1012 WEBHOOK_URL_REFUSED 400
                1013 WEBHOOK_NOT_FOUND 404
                1014 WEBHOOK_LIMIT 409
                2001 UNAUTHORIZED 401
                2002 FORBIDDEN 403
                2003 RATE_LIMITED 429
                3001 NO_ROUTE 422
                3002 AMOUNT_TOO_LOW 422
                3003 INSUFFICIENT_LIQUIDITY 422
                3004 FEES_EXCEED_AMOUNT 422
                3005 PRICE_IMPACT_TOO_HIGH 422
                3006 MIN_OUTPUT_UNREACHABLE 422
                3007 BUILD_SIMULATION_FAILED 422
                3008 PROVIDER_NOT_EXECUTABLE 422
                4001 QUOTE_NOT_FOUND 404
                4002 QUOTE_EXPIRED 410
                4003 INVALID_SIGNATURE 400
                4004 SIGNER_MISMATCH 400
                4005 PERMIT_EXPIRED 410
                4006 NONCE_USED 409
                4007 ALREADY_SUBMITTED 409
                4008 UNSUPPORTED_ACQUISITION_MODE 400
                4009 TOKEN_NOT_GASLESS 422
                4010 INSUFFICIENT_FUNDS 422
                9001 INTERNAL 500
                9002 UPSTREAM_ERROR 502
                9003 UPSTREAM_TIMEOUT 504
                9004 NOT_IMPLEMENTED 501
                9005 UNAVAILABLE 503
                9006 RELAYER_UNFUNDED 503
                """;
        table.lines().forEach(l -> {
            String[] f = l.split(" ");
            expected.put(Integer.parseInt(f[0]), f[1] + " " + f[2]);
        });
        Map<Integer, String> actual = new LinkedHashMap<>();
        for (ErrorCode c : ErrorCode.values()) {
            actual.put(c.code(), c.name() + " " + c.status().value());
        }
        assertThat(actual).containsExactlyEntriesOf(expected);
        assertThat(Arrays.stream(ErrorCode.values()).map(ErrorCode::description)).allMatch(d -> !d.isBlank());
    }
}
