// Params DTOs of the personal namespace.
export {
  PersonalImportRawKeyParams,
  PersonalLockAccountParams,
  PersonalNewAccountParams,
  PersonalUnlockAccountParams,
} from './account.params';
export { PersonalEcRecoverParams, PersonalSendTransactionParams, PersonalSignParams } from './sign.params';
export { decodeRawPrivateKey } from './raw-private-key';
