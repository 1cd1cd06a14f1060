// The params DTO of every method that takes none: any argument is "too many arguments, want at most 0".
export class NoParams {}
