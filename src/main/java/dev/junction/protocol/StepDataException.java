package dev.junction.protocol;

/**
 * A step cannot be encoded because of something the request chose (a destination the bridge does not serve, a
 * recipient its call cannot carry, ...). The calldata module turns it into its own 4xx exception naming
 * {@link #parameter()}.
 */
public class StepDataException extends RuntimeException {

    private final String parameter;
    private final String rule;

    /**
     * @param parameter the request parameter at fault, as the user spelled it (e.g. {@code toChain})
     * @param rule the rule it broke, completing "parameter ..."
     */
    public StepDataException(String parameter, String rule) {
        super(parameter + " " + rule);
        this.parameter = parameter;
        this.rule = rule;
    }

    public String parameter() {
        return parameter;
    }

    public String rule() {
        return rule;
    }
}
