// Every way a leak is found (scans, crawls, the image index, reported posts) stores it the same
// way: one row per creator and link, evidence merged on each sighting. Other modules record
// through this door, never the repository itself.
export { leakStatus, recordLeak, type LeakRecord, type RecordedLeak } from "./record-leak.repository";
