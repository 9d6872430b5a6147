// For @testing-library/react in unit tests: React DOM's `act`, from Preact's test utilities.
export { act } from "preact/test-utils";
