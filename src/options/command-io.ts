// Where a command writes: the entry points take it so that tests run them in process.
export interface CommandIO {
  stdout(text: string): void;
  stderr(text: string): void;
}
