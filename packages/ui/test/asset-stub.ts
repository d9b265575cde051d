// An imported image (the bundler gives its URL): a fixed URL in component tests.
export default '/assets/stub.svg';
