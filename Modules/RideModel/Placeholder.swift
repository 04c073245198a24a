// Placeholder until RideModel gets its code.
