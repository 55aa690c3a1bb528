// hexref die shell: a hollow rounded cube in two halves around the accelerometer breakout.
//
// Why it looks like this:
// - The cable leaves through a CORNER: a die never rests on a corner, so the cable never
//   props a face up and the die lies flat (a cable through a face would make that face
//   come up crooked).
// - The board sits in a pocket square to the faces, so each face's gravity vector is close
//   to one sensor axis; the face table is still recorded by calibration, not assumed.
// - Each face has a 0.4 mm recess for a 20 mm face sticker (colour or pips).
// - Mass is kept central: the breakout and a dab of hot glue, nothing loose to rattle.
//
// Print both halves (part = "bottom", "top" or "both"), open side up, 0.2 mm layers, 30 %
// infill. Join with two M2x25 screws from the bottom face (stick that face's label after);
// strain-relieve the cable with a knot inside the corner hole. Sizes in mm.

part = "both";
edge = 32;              // the cube's edge
r = 4;                  // edge rounding
wall = 2.4;
pocket = [22, 20, 6];   // Adafruit LIS3DH is about 20 x 18 mm; GY-291 / GY-521 fit 21 x 16 / 21 x 16
cable_d = 3.6;          // 4-core 28 AWG cable
sticker = 20.4;
screw_d = 1.7;          // M2 self-tapping pilot (top half)
clearance_d = 2.4;      // M2 passes freely (bottom half)
head_d = 4.2;
head_h = 1.6;
half = edge / 2;

module rounded_cube(s, r) {
    hull() for (x = [r, s - r], y = [r, s - r], z = [r, s - r])
        translate([x, y, z]) sphere(r = r, $fn = 24);
}

module shell() {
    difference() {
        rounded_cube(edge, r);
        // hollow
        translate([wall, wall, wall]) cube(edge - 2 * wall);
        // sticker recesses on all six faces
        for (a = [[0, 0, 0], [90, 0, 0], [-90, 0, 0], [0, 90, 0], [0, -90, 0], [180, 0, 0]])
            translate([half, half, half]) rotate(a) translate([0, 0, half - 0.4])
                translate([-sticker / 2, -sticker / 2, 0]) cube([sticker, sticker, 1]);
        // cable through the corner at (edge, edge, edge), along the cube's diagonal
        translate([half, half, half]) rotate([0, 54.7356, 45]) cylinder(d = cable_d, h = edge, $fn = 24);
    }
    // board pocket walls, on the bottom half's floor
    translate([half - pocket[0] / 2 - 1.2, half - pocket[1] / 2 - 1.2, wall])
        difference() {
            cube([pocket[0] + 2.4, pocket[1] + 2.4, pocket[2]]);
            translate([1.2, 1.2, -1]) cube([pocket[0], pocket[1], pocket[2] + 2]);
        }
    // screw bosses in two opposite corners: an M2x25 goes up from the bottom face through a
    // clearance hole and bites into the top half's pilot hole
    for (p = [[wall + 2.5, wall + 2.5], [edge - wall - 2.5, edge - wall - 2.5]])
        translate([p[0], p[1], 0]) difference() {
            translate([0, 0, wall - 0.01]) cylinder(d = 5, h = edge - 2 * wall + 0.02, $fn = 24);
            translate([0, 0, -1]) cylinder(d = screw_d, h = edge, $fn = 12);
            translate([0, 0, -1]) cylinder(d = clearance_d, h = half + 1, $fn = 12);
        }
}

module screw_holes() {
    for (p = [[wall + 2.5, wall + 2.5], [edge - wall - 2.5, edge - wall - 2.5]])
        translate([p[0], p[1], -1]) {
            cylinder(d = clearance_d, h = wall + 2, $fn = 12);
            cylinder(d = head_d, h = 1 + head_h, $fn = 24);  // head sunk into the bottom face
        }
}

module bottom() {
    difference() {
        intersection() { shell(); cube([edge, edge, half]); }
        screw_holes();
    }
}

module top() {
    // flipped so it prints open side up
    translate([0, edge, edge]) rotate([180, 0, 0])
        intersection() { shell(); translate([0, 0, half]) cube([edge, edge, half]); }
}

if (part == "bottom" || part == "both") bottom();
if (part == "top") top();
if (part == "both") translate([edge + 8, 0, 0]) top();
