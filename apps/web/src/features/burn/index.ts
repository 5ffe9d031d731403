/** The burned-in video of a subtitle version, for the subtitle editor to mount. */
export { BurnExport, type BurnExportProps } from './BurnExport.tsx';
