export { type SaveDocumentOptions, type SaveLabelsOptions, saveDocument, saveLabels } from './save.js';
