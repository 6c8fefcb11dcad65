/** What the renderer tells staff when a document cannot be made (H4's routes send them as HTTP errors). */
export const pdfMessages = {
  unitNotInCertificate: (serial: string) => `Die Seriennummer ${serial} gehört nicht zu diesem Prüfbericht.`,
  unitVoided: (serial: string) =>
    `Die Seriennummer ${serial} ist storniert: dafür gibt es kein Kundenexemplar.`,
  unitAwaitingRelease: (serial: string) =>
    `Die Seriennummer ${serial} ist noch nicht freigegeben: dafür gibt es noch kein Kundenexemplar.`,
  failed: 'Der Prüfbericht konnte nicht als PDF erstellt werden.',
} as const;
