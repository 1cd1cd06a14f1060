// The data dir cannot be used: locked, made for another chain, damaged or not writable. Its message
// is one line, shown to the user as it is.
export class DataDirError extends Error {}
