export { sendJson, startTestServer, testServerForFile } from './test-server';
export type { RecordedRequest, TestHandler, TestServer } from './test-server';
export { MemoryStorage, memoryStorage } from './memory-storage';
