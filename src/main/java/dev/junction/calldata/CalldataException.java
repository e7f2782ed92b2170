package dev.junction.calldata;

/**
 * A route cannot be turned into calldata because of something the request chose (an acquisition mode that does not
 * fit the input token, a chain without a Junction router, ...). The api module maps it to a 4xx naming
 * {@link #parameter()}.
 */
public class CalldataException extends RuntimeException {

    private final String parameter;

    /**
     * @param parameter the request parameter at fault, as the user spelled it (e.g. {@code acquisitionMode})
     * @param rule the rule it broke, completing "parameter ..." (e.g. "must be 0 to 3")
     */
    public CalldataException(String parameter, String rule) {
        super(parameter + " " + rule);
        this.parameter = parameter;
    }

    public String parameter() {
        return parameter;
    }
}
