// Names for the string-typed numbers of the Ethermint protos, so interfaces say what a string holds.

/**
 * A cosmossdk.io/math.Int on the wire: a base-10 integer string such as `"5000000000000"`. The empty string
 * is Go's nil Int (an unset field), which Ethermint reads as 0 or "absent" depending on the field.
 */
export type DecimalString = string;

/**
 * A cosmossdk.io/math.LegacyDec on the wire: the base-10 integer of the value times 10^18, without a point
 * (`"1000000000000000000"` is 1.0).
 */
export type LegacyDecString = string;
