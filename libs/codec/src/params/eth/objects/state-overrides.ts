// State overrides (eth_call's third argument, eth_simulateV1's `stateOverrides`): a map from address
// to the account fields to replace for the call, as geth's override.StateOverride reads it.
import { IsOptional } from 'class-validator';
import { CodecError, decodeAddress, decodeHash32, inEntry, isJsonObject } from '../../../primitives';
import { decodeObject } from '../../decode-object';
import { IsAddress, IsData, IsDecodedBy, IsQuantity } from '../../validators';

export class AccountOverrideDto {
  @IsOptional() @IsQuantity() nonce?: bigint;
  @IsOptional() @IsQuantity({ bits: 256 }) balance?: bigint;
  @IsOptional() @IsData() code?: Uint8Array;
  /** Replaces the whole storage: slot → value, both 32-byte lowercase hex. */
  @IsOptional() @IsDecodedBy('isStorageMap', (value) => decodeStorageMap(value)) state?: Map<string, string>;
  /**
   * Replaces only the slots given. With `state` as well it decodes: geth refuses the pair when it applies the
   * overrides (-32000), not as invalid params.
   */
  @IsOptional() @IsDecodedBy('isStorageMap', (value) => decodeStorageMap(value)) stateDiff?: Map<
    string,
    string
  >;
  @IsOptional() @IsAddress() movePrecompileToAddress?: string;
}

/** Lowercase address → its overrides. */
export type StateOverrides = ReadonlyMap<string, AccountOverrideDto>;

export function decodeStateOverrides(input: unknown): StateOverrides {
  if (!isJsonObject(input)) throw CodecError.wrongKind(input, 'override.StateOverride');
  const overrides = new Map<string, AccountOverrideDto>();
  for (const [key, value] of Object.entries(input)) {
    const address = inEntry(key, () => decodeAddress(key));
    overrides.set(
      address,
      inEntry(key, () => decodeObject(AccountOverrideDto, value, 'override.OverrideAccount')),
    );
  }
  return overrides;
}

function decodeStorageMap(input: unknown): Map<string, string> {
  if (!isJsonObject(input)) throw CodecError.wrongKind(input, 'map[common.Hash]common.Hash');
  const slots = new Map<string, string>();
  for (const [key, value] of Object.entries(input)) {
    slots.set(
      inEntry(key, () => decodeHash32(key)),
      inEntry(key, () => decodeHash32(value)),
    );
  }
  return slots;
}

export const IsStateOverrides = (): PropertyDecorator =>
  IsDecodedBy('isStateOverrides', (value) => decodeStateOverrides(value));
