export { UploadDocsPage } from './components/UploadDocsPage';
